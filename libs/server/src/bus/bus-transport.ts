import { ClientNats, ServerNats, type NatsOptions } from '@nestjs/microservices';
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

/** Nest's NATS client, publishing to prefixed subjects. */
export class BusClient extends ClientNats {
  constructor(
    private readonly prefix: string,
    options: NatsServerOptions,
  ) {
    super(options);
  }
  protected override normalizePattern(pattern: Parameters<ClientNats['normalizePattern']>[0]): string {
    return this.prefix + super.normalizePattern(pattern);
  }
}
