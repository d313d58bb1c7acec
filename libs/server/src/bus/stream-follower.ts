import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { parseStreamEvent, STREAMS, type StreamEvent, type StreamKey } from '@shop/contracts';
import type { Logger } from 'pino';
import { ensureStream, streamName } from './jetstream.js';

export interface StreamFollowerOptions<S extends StreamKey> {
  nc: NatsConnection;
  prefix: string;
  stream: S;
  logger: Logger;
  /** every new event of the stream, validated against the event map (others are logged and skipped) */
  onEvent(event: StreamEvent<S>): void;
  /** (re)subscribed: anything may have changed while not listening */
  onReset(): void;
}

/**
 * Follows a JetStream stream from "now" with an ordered (ephemeral) consumer, for caches that only need to
 * know that something changed; reconnects and calls onReset after every gap.
 */
export class StreamFollower<S extends StreamKey> {
  private stopped = false;

  constructor(private readonly o: StreamFollowerOptions<S>) {}

  async start(): Promise<void> {
    await ensureStream(this.o.nc, this.o.prefix, STREAMS[this.o.stream]);
    void this.run();
  }

  stop(): void {
    this.stopped = true;
  }

  private async run(): Promise<void> {
    while (!this.stopped && !this.o.nc.isClosed()) {
      try {
        const consumer = await jetstream(this.o.nc).consumers.get(
          streamName(this.o.prefix, STREAMS[this.o.stream].name),
          {
            deliver_policy: DeliverPolicy.New,
          },
        );
        this.o.onReset();
        const messages = await consumer.consume();
        for await (const msg of messages) {
          if (this.stopped) break;
          let event: StreamEvent<S> | null = null;
          try {
            event = parseStreamEvent(this.o.stream, msg.subject.slice(this.o.prefix.length), msg.json());
          } catch {
            /* not JSON: skipped below */
          }
          if (event) this.o.onEvent(event);
          else
            this.o.logger.warn({ subject: msg.subject, seq: msg.seq }, 'event does not match the event map; skipped');
        }
      } catch (err) {
        if (this.stopped || this.o.nc.isClosed()) return;
        this.o.logger.warn({ err, stream: STREAMS[this.o.stream].name }, 'stream consumer failed; retrying');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }
}
