import { ClientNats, ServerNats, type NatsOptions, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { createInbox, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { runWithRequestId } from '../logging/request-context.js';
import { extractContext, inSpan, SpanKind } from '../tracing/tracing.js';

type NatsServerOptions = NonNullable<NatsOptions['options']>;
type NatsMsgLike = { headers?: { get(name: string): string } };

/**
 * Nest's NATS server with two additions: every subscribed subject gets the configured prefix (parallel test
 * runs and tenants share one NATS server without crosstalk), and each message is handled inside the request
 * context named by its x-request-id header, so the service's log lines carry the gateway's request id.
 */
export class BusServer extends ServerNats {
  constructor(
    private readonly prefix: string,
    options: NatsServerOptions,
  ) {
    super(options);
  }

  override bindEvents(client: Parameters<ServerNats['bindEvents']>[0]): void {
    // `options` and `subscriptions` are private in ServerNats' typings but part of its runtime contract
    const self = this as unknown as { options: NatsServerOptions; subscriptions: unknown[] };
    const defaultQueue = self.options.queue;
    for (const [channel, handlerRef] of this.messageHandlers) {
      const queue = handlerRef.extras?.queue ?? defaultQueue;
      const sub = client.subscribe(this.prefix + channel, {
        queue,
        callback: this.getMessageHandler(channel).bind(this),
      });
      self.subscriptions.push(sub);
    }
  }

  /**
   * The route of a message's pattern. The services' patterns are subjects (`order.order.create`), never JSON; Nest's
   * own tries `JSON.parse` first, so every message threw and caught a SyntaxError before its handler ran (the order
   * service's CPU profile under bench:order-full: 1.7 % of its busy samples in this function, issue 45). A pattern
   * that is JSON still goes Nest's way.
   */
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  override handleMessage(channel: string, natsMsg: Parameters<ServerNats['handleMessage']>[1]): Promise<unknown> {
    const { ctx, requestId } = extractContext((natsMsg as NatsMsgLike).headers);
    return runWithRequestId(requestId, () =>
      inSpan(channel, SpanKind.SERVER, () => super.handleMessage(channel, natsMsg), ctx),
    );
  }
}

type ReplyHandler = (error: Error | null, msg: Msg) => unknown;

/** A connection's one reply subscription (`<inbox>.*`) and the requests waiting on it, by their token. */
interface Replies {
  connection: NatsConnection;
  inbox: string;
  waiting: Map<string, ReplyHandler>;
}

/**
 * Nest's NATS client, publishing to prefixed subjects, with its replies on one subscription per connection.
 *
 * Nest's own `publish` subscribes a new inbox for every request and unsubscribes it after the answer: two more
 * protocol operations per request for the NATS server (and, in a cluster, interest sent to every other node),
 * and the `UNSUB` a write of its own after the answer (issue 45: `strace` of the gateway, one order at a time). Here,
 * as nats.js's own `request` does, every request of a connection is answered on `<inbox>.<token>` under one
 * wildcard subscription, and its handler is found by the token. Everything else is Nest's: the packet id, the
 * serializer and headers, the handler that reads the answer (several for a stream, "no responders" as an empty
 * message), the teardown when the caller stops waiting (answered, timed out).
 */
export class BusClient extends ClientNats {
  private replies: Replies | null = null;
  private nextToken = 0;

  constructor(
    private readonly prefix: string,
    options: NatsServerOptions,
  ) {
    super(options);
  }
  protected override normalizePattern(pattern: Parameters<ClientNats['normalizePattern']>[0]): string {
    return this.prefix + super.normalizePattern(pattern);
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => unknown): () => void {
    const packet = this.assignPacketId(partialPacket);
    this.routingMap.set(packet.id, callback);
    try {
      const replies = this.replySubscription();
      const token = (this.nextToken++).toString(36);
      replies.waiting.set(token, this.createSubscriptionHandler(packet, callback));
      const serialized = this.serializer.serialize(packet) as { data: Uint8Array | string; headers?: unknown };
      replies.connection.publish(this.normalizePattern(partialPacket.pattern), serialized.data, {
        reply: `${replies.inbox}.${token}`,
        headers: this.mergeHeaders(serialized.headers),
      });
      return () => {
        this.routingMap.delete(packet.id);
        replies.waiting.delete(token);
      };
    } catch (err) {
      this.routingMap.delete(packet.id);
      callback({ err });
      return () => undefined;
    }
  }

  override async close(): Promise<void> {
    this.replies = null;
    await super.close();
  }

  /** The current connection's reply subscription, made on the first request after (re)connecting. */
  private replySubscription(): Replies {
    const connection = this.natsClient as NatsConnection;
    if (this.replies?.connection === connection) return this.replies;
    const replies: Replies = { connection, inbox: createInbox(this.options.inboxPrefix), waiting: new Map() };
    connection.subscribe(`${replies.inbox}.*`, {
      callback: (error, msg) => {
        if (error) {
          // the subscription has ended (a permissions violation): its requests fail, the next one subscribes anew
          if (this.replies === replies) this.replies = null;
          for (const handler of replies.waiting.values()) void handler(error, msg);
          return;
        }
        void replies.waiting.get(msg.subject.slice(replies.inbox.length + 1))?.(null, msg);
      },
    });
    this.replies = replies;
    return replies;
  }
}
