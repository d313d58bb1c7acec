import { NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { REQUEST_ID_HEADER, type Actor, type RpcEnvelope, type RpcMap, type RpcSubject } from '@shop/contracts';
import { lastValueFrom, timeout, TimeoutError } from 'rxjs';
import { DomainException } from '../errors/domain-exception.js';
import { currentRequestId } from '../logging/request-context.js';
import type { BusClient } from './bus-transport.js';

/** Nest's EmptyResponseException (NATS 'no responders'); the class is not exported by @nestjs/microservices. */
const isNoResponders = (err: unknown) => err instanceof Error && err.constructor.name === 'EmptyResponseException';

/**
 * Typed request/reply over NATS. Every request carries the actor and the current request id; a remote
 * DomainException comes back as a DomainException, a silent or missing service as SERVICE_UNAVAILABLE.
 */
export class ServiceBus {
  constructor(private readonly client: BusClient, private readonly timeoutMs: number) {}

  /** For subjects declared in RpcMap. */
  request<S extends RpcSubject>(subject: S, payload: RpcMap[S]['req'], actor: Actor | null = null): Promise<RpcMap[S]['res']> {
    return this.send(subject, payload, actor) as Promise<RpcMap[S]['res']>;
  }

  /** For subjects computed from the resource registry (crudSubject()). */
  async send(subject: string, payload: unknown, actor: Actor | null = null): Promise<unknown> {
    const hdrs = natsHeaders();
    const requestId = currentRequestId();
    if (requestId) hdrs.set(REQUEST_ID_HEADER, requestId);
    const envelope: RpcEnvelope<unknown> = { actor, payload };
    const record = new NatsRecordBuilder(envelope).setHeaders(hdrs).build();
    try {
      return await lastValueFrom(this.client.send(subject, record).pipe(timeout(this.timeoutMs)));
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

  async close(): Promise<void> {
    await this.client.close();
  }
}
