import { headers as natsHeaders } from '@nats-io/transport-node';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { Logger } from 'pino';
import type { EventName, EventOf, JobItem } from '@shop/contracts';
import { IsNull, LessThan, Not, type DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { queryPrepared } from '../database/prepared.js';
import { runWithRequestId } from '../logging/request-context.js';
import { extractContext, otelContext, traceHeaders } from '../tracing/tracing.js';
import { OutboxEntity } from './outbox.entity.js';

export interface OutboxRelayOptions {
  /** prefix of every NATS subject (tests) */
  subjectPrefix: string;
  /** Nats-Msg-Id = `${msgIdPrefix}:${outbox id}`: JetStream drops a second publish of the same row */
  msgIdPrefix: string;
  pollIntervalMs?: number;
  /**
   * A pass starts at least this long after the one before that found rows (0: right after it). Under load every
   * commit kicks the relay, and each pass costs its statements (a transaction, the claim, the rows' mark) and its
   * wake-ups of the workers and consumers whatever it carries: paced, a pass carries what the interval committed.
   * After a quiet spell, or a pass that found nothing, the next kick runs at once.
   */
  passIntervalMs?: number;
  /** rows claimed and published at once (100 if not given); a full batch is followed by the next at once */
  batchSize?: number;
  /** published rows older than this are deleted */
  retentionMs?: number;
  /**
   * Rows this returns true for were delivered elsewhere (BullMQ jobs with deterministic ids) instead of
   * JetStream; like publishing, it must be safe to repeat for the same row. `manager` runs in the batch's
   * transaction: what it writes commits with the rows' mark, or not at all.
   */
  dispatch?: (row: OutboxRow, manager: EntityManager) => Promise<boolean>;
  /**
   * Called once per pass, in its transaction, with the rows `dispatch` is then asked about: what `dispatch` would read
   * for each row it can read for all at once (the order service's receipts: one statement per pass instead of one
   * per receipt). A failure fails the pass, as a failed statement in its transaction would.
   */
  prepareDispatch?: (rows: OutboxRow[], manager: EntityManager) => Promise<void>;
  /** a dispatch that has not finished by then counts as failed (the transaction holding the batch must not wait) */
  dispatchTimeoutMs?: number;
  /** after a failed dispatch, job rows wait this long before the next try; events go on meanwhile */
  dispatchRetryMs?: number;
}

/** An outbox row as the relay claims it. */
export type OutboxRow = Pick<OutboxEntity, 'id' | 'subject' | 'payload' | 'headers'>;

/** The outbox table of the manager's data source (in its schema), quoted for SQL, and a short name for it. */
function outboxTable(manager: EntityManager): { sql: string; name: string } {
  const { schema, tableName } = manager.getRepository(OutboxEntity).metadata;
  return schema ? { sql: `"${schema}"."${tableName}"`, name: schema } : { sql: `"${tableName}"`, name: 'public' };
}

/** What writers need of the relay: a nudge after commit (the relay also polls). */
export type OutboxKicker = Pick<OutboxRelay, 'kick'>;

/**
 * Writes an event of the event map into the outbox inside the caller's transaction; its headers carry the trace
 * context and request id of the change, so the consumers' work joins the same trace and log lines.
 */
export async function addToOutbox<E extends EventName>(
  manager: EntityManager,
  event: E,
  payload: EventOf<E>,
  headers?: Record<string, string>,
): Promise<void> {
  await manager.insert(OutboxEntity, {
    subject: event,
    payload: payload as object,
    headers: { ...traceHeaders(), ...headers },
  });
}

/** Outbox rows of jobs carry this subject prefix: the relay hands them to BullMQ (see `dispatch`), not to JetStream. */
export const JOB_OUTBOX_PREFIX = 'job.';

/** The outbox row of a job of the job map (for callers that insert several rows at once). */
export function jobOutboxRow(job: JobItem): { subject: string; payload: JobItem; headers: Record<string, string> } {
  return { subject: `${JOB_OUTBOX_PREFIX}${job.queue}`, payload: job, headers: traceHeaders() };
}

/** Writes a job into the outbox inside the caller's transaction; the relay adds it to BullMQ under its id. */
export async function addJobToOutbox(manager: EntityManager, job: JobItem): Promise<void> {
  await manager.insert(OutboxEntity, { ...jobOutboxRow(job), payload: job as object });
}

/**
 * Publishes outbox rows to JetStream in id order. Safe to run in several processes at once: rows are
 * claimed with FOR UPDATE SKIP LOCKED, and a row published twice (crash between publish and commit) has the
 * same Nats-Msg-Id, so the stream keeps one copy. Postgres stays the source of truth.
 */
export class OutboxRelay {
  /** job rows are left out of the batches until then (their queue's Redis failed; events must not wait for it) */
  private jobsPausedUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private lastCleanup = 0;
  /** when the last pass started (Date.now()) */
  private lastPass = 0;
  /** the service's outbox table (`"order"."outbox"`) */
  private table: ReturnType<typeof outboxTable> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly js: JetStreamClient,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
  ) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(tick, this.options.pollIntervalMs ?? 1000);
      this.timer.unref();
    };
    tick();
  }

  /** Publish now (called after a commit); coalesces concurrent kicks into one more pass. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          await this.pace();
          // the pass sees every commit that kicked it so far
          this.again = false;
          let claimed = 0;
          while (!this.stopped) {
            const rows = await this.publishBatch();
            claimed += rows;
            if (rows < this.batchSize) break;
          }
          // a pass that found nothing (a poll) does not hold the next one back
          if (claimed === 0) this.lastPass = 0;
        } while (this.again && !this.stopped);
        await this.cleanup();
      } catch (err) {
        this.logger.warn({ err }, 'outbox relay pass failed; retrying on next tick');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Nest calls this on the relay (a provider) before any module's onApplicationShutdown: the pass under way ends
   * while the pool is still open. Stopped later, TypeORM's module (closed before the service's own) had ended the
   * pool under it, and the pass logged "Connection terminated" at every close of a test stack.
   */
  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  /** rows claimed per statement; a full batch means more may be waiting */
  private get batchSize(): number {
    return this.options.batchSize ?? 100;
  }

  /** Waits out the rest of the pass interval, if any. */
  private async pace(): Promise<void> {
    const wait = this.lastPass + (this.options.passIntervalMs ?? 0) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.lastPass = Date.now();
  }

  private publishBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const runner = manager.queryRunner as QueryRunner;
      const table = (this.table ??= outboxTable(manager));
      // prepared statements (Postgres plans them once per connection: planning the claim took three times as long
      // as running it, issue 22); job rows left out while their queue's Redis is away
      const eventsOnly = Date.now() < this.jobsPausedUntil;
      const rows = await queryPrepared<OutboxRow>(
        runner,
        `outbox-claim-${eventsOnly ? 'events' : 'all'}-${table.name}`,
        `SELECT id, subject, payload, headers FROM ${table.sql}
          WHERE "publishedAt" IS NULL${eventsOnly ? ` AND subject NOT LIKE '${JOB_OUTBOX_PREFIX}%'` : ''}
          ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (rows.length === 0) return 0;
      await this.options.prepareDispatch?.(rows, manager);
      const delivered = await Promise.all(rows.map((row) => this.deliver(row, manager)));
      const ids = rows.filter((_, i) => delivered[i]).map((r) => r.id);
      if (ids.length)
        await queryPrepared(
          runner,
          `outbox-published-${table.name}`,
          `UPDATE ${table.sql} SET "publishedAt" = now() WHERE id = ANY($1::bigint[])`,
          [ids],
        );
      return rows.length;
    });
  }

  /**
   * One row to JetStream, or to its dispatch. A failed dispatch leaves the row unpublished for a later pass and
   * pauses job rows for a while; a failed publish fails the batch (the stream keeps the events' order).
   */
  private async deliver(row: OutboxRow, manager: EntityManager): Promise<boolean> {
    const { dispatch, dispatchTimeoutMs = 2000, dispatchRetryMs = 5000 } = this.options;
    if (dispatch) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`dispatch took over ${dispatchTimeoutMs} ms`)), dispatchTimeoutMs);
        });
        // the job is added in the context of the change that wrote it (BullMQ keeps it with the job)
        const { ctx, requestId } = extractContext(row.headers);
        const dispatched = runWithRequestId(requestId, () => otelContext.with(ctx, () => dispatch(row, manager)));
        if (await Promise.race([dispatched, timeout])) return true;
      } catch (err) {
        if (Date.now() >= this.jobsPausedUntil)
          this.logger.warn({ err, retryInMs: dispatchRetryMs }, 'job dispatch failed; events go on, jobs wait');
        this.jobsPausedUntil = Date.now() + dispatchRetryMs;
        return false;
      } finally {
        clearTimeout(timer);
      }
    }
    const hdrs = natsHeaders();
    for (const [k, v] of Object.entries(row.headers ?? {})) hdrs.set(k, v);
    await this.js.publish(this.options.subjectPrefix + row.subject, JSON.stringify(row.payload), {
      msgID: `${this.options.msgIdPrefix}:${row.id}`,
      headers: hdrs,
    });
    return true;
  }

  private async cleanup(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < 3_600_000) return;
    this.lastCleanup = now;
    const before = new Date(now - (this.options.retentionMs ?? 7 * 24 * 3_600_000));
    await this.dataSource
      .getRepository(OutboxEntity)
      .delete({ publishedAt: Not(IsNull()), createdAt: LessThan(before) });
  }
}
