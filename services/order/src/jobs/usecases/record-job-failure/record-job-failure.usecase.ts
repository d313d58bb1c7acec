import { Inject, Injectable } from '@nestjs/common';
import { JobFailureReport, type JobFailedEvent } from '@shop/contracts';
import { addToOutbox, LOGGER, OUTBOX_RELAY, parseOrThrow, redactPersonalData, type OutboxKicker } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';

/**
 * order.job.record-failure: a worker gave up on a job after its last attempt. `order.job.failed` for the system
 * log, through the outbox like every event (the workers have no database of their own); the receipt status of a
 * print job reads `failed` from it.
 */
@Injectable()
export class RecordJobFailure {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(raw: unknown): Promise<{ recorded: boolean }> {
    const parsed = parseOrThrow(JobFailureReport, raw);
    // issue 44: the event stays in JetStream for a week; a provider's answer naming the recipient is redacted (the
    // workers redact it already; a report of an older worker may not be)
    const report = { ...parsed, reason: redactPersonalData(parsed.reason) };
    const event: JobFailedEvent = { ...report, at: new Date().toISOString() };
    await addToOutbox(this.ds.manager, 'order.job.failed', event);
    void this.relay.kick();
    this.logger.error({ jobId: report.jobId, reason: report.reason }, 'job failed after its last attempt');
    return { recorded: true };
  }
}
