import { isPrintCompletion, JOB_COMPLETION_SUBJECTS, type JobCompletion } from '@shop/contracts';
import { currentRequestId, otelContext, runWithRequestId } from '@shop/server';

export type CompletionSubject = (typeof JOB_COMPLETION_SUBJECTS)[keyof typeof JOB_COMPLETION_SUBJECTS];
export type SendCompletions = (subject: CompletionSubject, completions: JobCompletion[]) => Promise<unknown>;

/** A report stays far below NATS's default max_payload (1 MiB); a receipt in its three formats is about 10–40 kB. */
export const MAX_REPORT_BYTES = 256 * 1024;
export const MAX_REPORT_COMPLETIONS = 100;

interface Waiting {
  completion: JobCompletion;
  bytes: number;
  /** the job's trace and request id: its report is sent in them (or in those of the first job of a shared report) */
  ctx: ReturnType<typeof otelContext.active>;
  requestId: string | undefined;
  settle: (err?: unknown) => void;
}

/** What a completion adds to a report: the rendered documents of a print job, a small constant for the rest. */
function reportBytes(completion: JobCompletion): number {
  if (!isPrintCompletion(completion)) return 512;
  const { documents, notification } = completion.result;
  return 512 + documents.escpos.length + documents.star.length + documents.text.length + (notification?.length ?? 0);
}

/** Takes the first waiting completions that fit in one report (at least one). */
function takeReport(queue: Waiting[]): Waiting[] {
  let bytes = 0;
  let count = 0;
  for (const w of queue) {
    if (count === MAX_REPORT_COMPLETIONS || (count > 0 && bytes + w.bytes > MAX_REPORT_BYTES)) break;
    bytes += w.bytes;
    count++;
  }
  return queue.splice(0, count);
}

/**
 * The workers' reports of finished jobs to their writers (`<writer>.job.completed`), batched the way a
 * database batches commits: a completion goes out at once when no report to its writer is on its way; else it
 * waits for that report's answer and goes with every completion that came meanwhile, in one request (issue 22:
 * one NATS round trip and one statement for many jobs under load, no added wait when the queue is quiet). A
 * job's `report` resolves once its writer recorded it and rejects with the report's error, so BullMQ retries the
 * job as before; the processors' idempotence makes a repeat harmless.
 */
export class CompletionReports {
  private readonly waiting = new Map<CompletionSubject, Waiting[]>();
  private readonly sending = new Set<CompletionSubject>();

  constructor(private readonly send: SendCompletions) {}

  report(completion: JobCompletion): Promise<void> {
    const subject = JOB_COMPLETION_SUBJECTS[completion.name];
    const waiting = this.waiting.get(subject) ?? this.newQueue(subject);
    return new Promise<void>((resolve, reject) => {
      waiting.push({
        completion,
        bytes: reportBytes(completion),
        ctx: otelContext.active(),
        requestId: currentRequestId(),
        settle: (err) => (err === undefined ? resolve() : reject(err)),
      });
      if (!this.sending.has(subject)) void this.drain(subject, waiting);
    });
  }

  private newQueue(subject: CompletionSubject): Waiting[] {
    const queue: Waiting[] = [];
    this.waiting.set(subject, queue);
    return queue;
  }

  /** Sends the subject's waiting completions, one report at a time, until none is left. */
  private async drain(subject: CompletionSubject, queue: Waiting[]): Promise<void> {
    this.sending.add(subject);
    while (queue.length) {
      const batch = takeReport(queue);
      const { requestId, ctx } = batch[0] as Waiting;
      try {
        const completions = batch.map((w) => w.completion);
        await runWithRequestId(requestId, () => otelContext.with(ctx, () => this.send(subject, completions)));
        for (const w of batch) w.settle();
      } catch (err) {
        for (const w of batch) w.settle(err ?? new Error('completion report failed'));
      }
    }
    this.sending.delete(subject);
  }
}
