import { ROOT_CONTEXT } from '@opentelemetry/api';
import { AckPolicy, type ConsumerMessages, DeliverPolicy, jetstream, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { parseStreamEvent, STREAMS, type StreamEvent, type StreamKey } from '@shop/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { consumerPending, onScrape } from '../metrics/metrics.js';
import { runWithRequestId } from '../logging/request-context.js';
import { extractContext, inSpan, SpanKind } from '../tracing/tracing.js';
import { ensureStream, streamName } from './jetstream.js';

export interface DurableConsumerOptions<S extends StreamKey> {
  nc: NatsConnection;
  prefix: string;
  stream: S;
  /** the consumer's durable name: one name per consuming service, so its position survives restarts */
  durable: string;
  logger: Logger;
  /**
   * Handles one message; must be idempotent (a message is redelivered when the process dies before the ack).
   * A thrown error redelivers the message after a delay, unless it says the message itself can never be
   * handled (see isPoison): such a message is logged as an error and dropped, so it cannot block or loop.
   */
  handle(event: StreamEvent<S>, msg: JsMsg): Promise<void>;
  /**
   * Optional: handles several messages at once (in one transaction, say), with the same effect as `handle` for
   * each in turn. Messages that arrive while a batch is being handled form the next batch (at most
   * BATCH_LIMIT), so a quiet stream is handled one message at a time, as soon as it arrives, and a busy one in
   * batches. When a batch throws, its messages are handled one by one with `handle` (so a poison message is
   * dropped alone and the rest are retried as usual).
   */
  handleBatch?(events: Array<StreamEvent<S>>): Promise<void>;
  /**
   * With handleBatch: how long a batch waits for more messages before it is handled (default 0). A consumer
   * whose readers can wait a moment (statistics) makes fewer, larger transactions under load this way.
   */
  batchWindowMs?: number;
}

/** the most messages handed to handleBatch at once (also the consumer's buffer: max_messages) */
const BATCH_LIMIT = 50;

/** A message whose subject the stream does not carry or whose payload its event schema refuses. */
class UnexpectedEvent extends Error {}

/**
 * At-least-once consumption of a JetStream stream by a durable pull consumer with explicit acks: the
 * handler's effect is committed before the ack, and its idempotence turns redeliveries into no-ops.
 */
export class DurableConsumer<S extends StreamKey> {
  private stopped = false;
  private unwatch: () => void = () => undefined;
  /** the messages being pulled now: stopped with the consumer, so no pull request stays open */
  private messages: ConsumerMessages | null = null;
  /** the handling under way (a message, or a batch and the batches queued behind it), awaited by stop() */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly o: DurableConsumerOptions<S>) {}

  async start(): Promise<void> {
    const jsm = await ensureStream(this.o.nc, this.o.prefix, STREAMS[this.o.stream]);
    const stream = streamName(this.o.prefix, STREAMS[this.o.stream].name);
    try {
      await jsm.consumers.info(stream, this.o.durable);
    } catch {
      await jsm.consumers.add(stream, {
        durable_name: this.o.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: 30_000_000_000,
        max_deliver: -1,
      });
    }
    // the consumer's lag at every scrape: messages not yet delivered plus delivered and not acknowledged
    this.unwatch = onScrape(async () => {
      const info = await jsm.consumers.info(stream, this.o.durable);
      consumerPending.set({ stream, consumer: this.o.durable }, info.num_pending + info.num_ack_pending);
    });
    void this.run(stream);
  }

  /**
   * Stops pulling and waits for the message (or batch) being handled, so a shutdown does not cut a handler mid-way
   * (its transaction, its ack): call it before the app closes the database and NATS (beforeApplicationShutdown).
   * Messages pulled but not started are not acknowledged and come again after the ack wait.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unwatch();
    this.messages?.stop();
    await Promise.all(this.inFlight);
  }

  /** `work` counted as in flight until it settles (it never rejects: the handlers catch their errors) */
  private track(work: Promise<void>): Promise<void> {
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }

  private async run(stream: string): Promise<void> {
    while (!this.stopped && !this.o.nc.isClosed()) {
      try {
        const consumer = await jetstream(this.o.nc).consumers.get(stream, this.o.durable);
        const messages = await consumer.consume({ max_messages: BATCH_LIMIT });
        this.messages = messages;
        if (this.stopped) messages.stop();
        if (!this.o.handleBatch) {
          for await (const msg of messages) {
            if (this.stopped) break;
            await this.track(this.handleOne(msg));
          }
          continue;
        }
        // messages that arrive while a batch is handled wait here and form the next one
        const waiting: JsMsg[] = [];
        let draining: Promise<void> | null = null;
        const drain = async () => {
          try {
            while (waiting.length && !this.stopped) {
              if (this.o.batchWindowMs && waiting.length < BATCH_LIMIT) await sleep(this.o.batchWindowMs);
              if (this.stopped) break;
              await this.handleMany(waiting.splice(0, BATCH_LIMIT));
            }
          } catch (err) {
            // not acknowledged: redelivered after the ack wait
            this.o.logger.warn({ err, stream }, 'event batch failed; redelivering');
          }
        };
        for await (const msg of messages) {
          if (this.stopped) break;
          waiting.push(msg);
          draining ??= this.track(drain()).finally(() => (draining = null));
          if (waiting.length >= BATCH_LIMIT) await draining;
        }
        await draining;
      } catch (err) {
        if (this.stopped || this.o.nc.isClosed()) return;
        this.o.logger.warn({ err, stream }, 'durable consumer failed; retrying');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  /** the message's event, or an error saying it can never be handled */
  private eventOf(msg: JsMsg): StreamEvent<S> {
    const event = parseStreamEvent(this.o.stream, msg.subject.slice(this.o.prefix.length), msg.json());
    if (!event) throw new UnexpectedEvent('the event does not match its schema in the event map');
    return event;
  }

  private async handleOne(msg: JsMsg): Promise<void> {
    try {
      const event = this.eventOf(msg);
      // in the trace and with the request id of the change that wrote the event (its outbox row's headers)
      const { ctx, requestId } = extractContext(msg.headers);
      await runWithRequestId(requestId, () =>
        inSpan(`${event.name} process`, SpanKind.CONSUMER, () => this.o.handle(event, msg), ctx),
      );
      msg.ack();
    } catch (err) {
      if (isPoison(err)) {
        this.o.logger.error(
          { err, subject: msg.subject, seq: msg.seq, data: msg.string().slice(0, 2000) },
          'event cannot be handled; dropped',
        );
        msg.term();
      } else {
        this.o.logger.warn({ err, subject: msg.subject, seq: msg.seq }, 'event handling failed; redelivering');
        msg.nak(Math.min(30_000, 1000 * 2 ** Math.min(msg.info.deliveryCount, 5)));
      }
    }
  }

  /** A batch in one call of handleBatch (one span: the events' own traces are not joined), else one by one. */
  private async handleMany(batch: JsMsg[]): Promise<void> {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- only called when handleBatch is set
    const handleBatch = this.o.handleBatch!;
    if (batch.length > 1)
      try {
        const events = batch.map((msg) => this.eventOf(msg));
        await inSpan(
          `${STREAMS[this.o.stream].name} batch process`,
          SpanKind.CONSUMER,
          async (span) => {
            span.setAttribute('messaging.batch.message_count', events.length);
            await handleBatch(events);
          },
          ROOT_CONTEXT,
        );
        for (const msg of batch) msg.ack();
        return;
      } catch (err) {
        this.o.logger.debug({ err, count: batch.length }, 'event batch failed; handling its events one by one');
      }
    for (const msg of batch) {
      if (this.stopped) return;
      await this.handleOne(msg);
    }
  }
}

/**
 * Errors that the message itself causes, so a redelivery would fail the same way: a body that is not JSON or
 * not an event of the stream as the event map describes it, and
 * Postgres' data exceptions (SQLSTATE class 22: invalid text such as a NUL character, a number out of range).
 * Everything else (a database or service that is down, a lock timeout) is worth another try.
 */
export function isPoison(err: unknown): boolean {
  if (err instanceof SyntaxError || err instanceof UnexpectedEvent) return true;
  const code =
    (err as { code?: unknown; driverError?: { code?: unknown } } | null)?.driverError?.code ??
    (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
