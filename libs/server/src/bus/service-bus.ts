import type { OnApplicationShutdown } from '@nestjs/common';
import { NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { type Actor, type RpcEnvelope, type RpcReply, type RpcRequest, type RpcSubject } from '@shop/contracts';
import { lastValueFrom, timeout, TimeoutError } from 'rxjs';
import { DomainException } from '../errors/domain-exception.js';
import { inSpan, SpanKind, traceHeaders } from '../tracing/tracing.js';
import { timeNatsRequest } from '../metrics/metrics.js';
import type { BaseConfig } from '../config/config.js';
import { BusClient } from './bus-transport.js';
import { natsOptions } from './nats-options.js';
import { signCaller, type ServiceIdentity } from './service-identity.js';

/** Nest's EmptyResponseException (NATS 'no responders'); the class is not exported by @nestjs/microservices. */
const isNoResponders = (err: unknown) => err instanceof Error && err.constructor.name === 'EmptyResponseException';

/**
 * Typed request/reply over NATS. Every request carries the actor and the current request id; a remote
 * DomainException comes back as a DomainException, a silent or missing service as SERVICE_UNAVAILABLE.
 * Provided by an app, it closes its connection when the app closes (content, signage and time-tracking did not
 * close theirs: each closed test stack left three NATS sockets open, and Jest's workers failed to exit).
 */
export class ServiceBus implements OnApplicationShutdown {
  constructor(
    private readonly client: BusClient,
    private readonly timeoutMs: number,
    private readonly identity: ServiceIdentity,
  ) {}

  /**
   * On behalf of a staff member (actor) or a visitor (null): the callee decides with requireAccess. `timeoutMs`
   * replaces the bus's time limit for a request whose work is known to take longer (an upstream fetch).
   */
  request<S extends RpcSubject>(
    subject: S,
    payload: RpcRequest<S>,
    actor: Actor | null = null,
    options: { timeoutMs?: number } = {},
  ): Promise<RpcReply<S>> {
    return this.send(subject, { actor, payload }, options.timeoutMs);
  }

  /**
   * On this service's own behalf, signed (see requireService): a job report, a read model's load; `timeoutMs` as for
   * `request` (a privacy request's search or erasure over a whole schema).
   */
  requestAsService<S extends RpcSubject>(
    subject: S,
    payload: RpcRequest<S>,
    options: { timeoutMs?: number } = {},
  ): Promise<RpcReply<S>> {
    return this.send(subject, { actor: null, caller: signCaller(this.identity, subject), payload }, options.timeoutMs);
  }

  /** measured (metrics) and in a client span of the current trace */
  private send<S extends RpcSubject>(
    subject: S,
    envelope: RpcEnvelope<RpcRequest<S>>,
    timeoutMs = this.timeoutMs,
  ): Promise<RpcReply<S>> {
    return timeNatsRequest(this.identity.service, subject, () =>
      inSpan(subject, SpanKind.CLIENT, () => this.sendTraced(subject, envelope, timeoutMs)),
    );
  }

  private async sendTraced<S extends RpcSubject>(
    subject: S,
    envelope: RpcEnvelope<RpcRequest<S>>,
    timeoutMs: number,
  ): Promise<RpcReply<S>> {
    const hdrs = natsHeaders();
    // the request id and the trace context (traceparent, baggage) travel with the request
    for (const [k, v] of Object.entries(traceHeaders())) hdrs.set(k, v);
    const record = new NatsRecordBuilder(envelope).setHeaders(hdrs).build();
    try {
      return (await lastValueFrom(this.client.send(subject, record).pipe(timeout(timeoutMs)))) as RpcReply<S>;
    } catch (err) {
      const remote = DomainException.fromWire(err);
      if (remote) throw remote;
      // no answer in time, nobody subscribed, or no handler for the subject: the owning service is not there
      if (err instanceof TimeoutError || isNoResponders(err) || typeof err === 'string') {
        throw DomainException.of('SERVICE_UNAVAILABLE', 'http.serviceUnavailable');
      }
      throw err;
    }
  }

  /** The connection requests go out on (health checks). */
  connection(): NatsConnection {
    return this.client.unwrap<NatsConnection>();
  }

  /** Closes the connection; closing it again does nothing. */
  async close(): Promise<void> {
    await this.client.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close().catch(() => undefined);
  }
}

/** Connects a bus client for a process (the service's name in NATS and in its signed requests). */
export async function createServiceBus(config: BaseConfig, service: string): Promise<ServiceBus> {
  const client = new BusClient(config.NATS_SUBJECT_PREFIX, natsOptions(config, `${service}-client`));
  await client.connect();
  return new ServiceBus(client, config.NATS_REQUEST_TIMEOUT_MS, { service, secret: config.SERVICE_SECRET });
}
