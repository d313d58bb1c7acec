import { DeliverPolicy, jetstream, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { ensureStream, streamName, type StreamDefinition } from './jetstream.js';

export interface StreamFollowerOptions {
  nc: NatsConnection;
  prefix: string;
  stream: StreamDefinition;
  logger: Logger;
  /** every new message of the stream */
  onMessage(msg: JsMsg): void;
  /** (re)subscribed: anything may have changed while not listening */
  onReset(): void;
}

/**
 * Follows a JetStream stream from "now" with an ordered (ephemeral) consumer, for caches that only need to
 * know that something changed; reconnects and calls onReset after every gap.
 */
export class StreamFollower {
  private stopped = false;

  constructor(private readonly o: StreamFollowerOptions) {}

  async start(): Promise<void> {
    await ensureStream(this.o.nc, this.o.prefix, this.o.stream);
    void this.run();
  }

  stop(): void {
    this.stopped = true;
  }

  private async run(): Promise<void> {
    while (!this.stopped && !this.o.nc.isClosed()) {
      try {
        const consumer = await jetstream(this.o.nc).consumers.get(streamName(this.o.prefix, this.o.stream.name), {
          deliver_policy: DeliverPolicy.New,
        });
        this.o.onReset();
        const messages = await consumer.consume();
        for await (const msg of messages) {
          if (this.stopped) break;
          this.o.onMessage(msg);
        }
      } catch (err) {
        if (this.stopped || this.o.nc.isClosed()) return;
        this.o.logger.warn({ err, stream: this.o.stream.name }, 'stream consumer failed; retrying');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }
}
