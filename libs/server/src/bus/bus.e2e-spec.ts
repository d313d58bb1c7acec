import { Controller, Inject, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import type { INestMicroservice } from '@nestjs/common';
import { cleanupPrefixes, NATS_URL, uniquePrefixes } from '@shop/testing';
import type { Logger } from 'pino';
import { Writable } from 'node:stream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { lastValueFrom, timeout, TimeoutError } from 'rxjs';
import { DomainException } from '../errors/domain-exception.js';
import { RpcDomainExceptionFilter } from '../errors/rpc-exception.filter.js';
import { createLogger } from '../logging/logger.js';
import { currentRequestId, runWithRequestId } from '../logging/request-context.js';
import { BusClient, BusServer } from './bus-transport.js';
import { Rpc, type RpcMessage } from './rpc.js';
import { ServiceBus } from './service-bus.js';
import { requireService } from './service-identity.js';

const SECRET = 'a-test-secret-for-the-services';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _enc, cb) {
    lines.push(String(chunk));
    cb();
  },
});
const logger = createLogger('probe', 'info', capture);

@Controller()
class ProbeController {
  constructor(@Inject('LOGGER') private readonly log: Logger) {}
  @Rpc('identity.user.me')
  echo() {
    this.log.info('handled');
    return { requestId: currentRequestId() ?? null };
  }
  @Rpc('statistics.log.get')
  domain() {
    throw DomainException.notFound('Filiale');
  }
  @Rpc('statistics.log.list')
  crash() {
    throw new Error('boom');
  }
  @Rpc('order.job.record-failure')
  serviceOnly(@Payload() m: RpcMessage<'order.job.record-failure'>) {
    return { recorded: requireService(m.caller, 'order.job.record-failure', SECRET, ['workers']) === 'workers' };
  }
}
@Module({ controllers: [ProbeController], providers: [{ provide: 'LOGGER', useValue: logger }] })
class ProbeModule {}

/** The request id crosses the NATS hop; domain errors come back typed; crashes come back as INTERNAL with an errorId. */
describe('service bus over real NATS', () => {
  const prefixes = uniquePrefixes('bus');
  let app: INestMicroservice;
  let bus: ServiceBus;

  beforeAll(async () => {
    app = await NestFactory.createMicroservice(ProbeModule, {
      strategy: new BusServer(prefixes.nats, { servers: NATS_URL, queue: 'probe' }),
      logger: false,
    });
    app.useGlobalFilters(new RpcDomainExceptionFilter(logger));
    await app.listen();
    const client = new BusClient(prefixes.nats, { servers: NATS_URL });
    await client.connect();
    bus = new ServiceBus(client, 2000, { service: 'workers', secret: SECRET });
  });
  afterAll(async () => {
    await bus.close();
    await app.close();
    await cleanupPrefixes(prefixes);
  });

  it("carries the caller's request id into the handler and its log lines", async () => {
    const reply = await runWithRequestId('req-4711', () => bus.request('identity.user.me', { id: 1 }));
    expect(reply).toEqual({ requestId: 'req-4711' });
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'handled');
    expect(logged).toMatchObject({ service: 'probe', requestId: 'req-4711' });
  });

  it('uses the subject prefix: a client with another prefix reaches nobody (timeout → SERVICE_UNAVAILABLE)', async () => {
    // another unique prefix, not the empty one: an `npm start` stack on the same NATS listens without a prefix
    // and would answer (issue 37 item 11)
    const client = new BusClient(uniquePrefixes('elsewhere').nats, { servers: NATS_URL });
    await client.connect();
    const other = new ServiceBus(client, 300, { service: 'workers', secret: SECRET });
    await expect(other.request('identity.user.me', { id: 1 })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
    });
    await other.close();
  });

  it('rebuilds a remote DomainException with its code and German message', async () => {
    await expect(bus.request('statistics.log.get', { id: 1 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      message: 'Filiale wurde nicht gefunden.',
    });
  });

  it('answers an unexpected error as INTERNAL with an errorId that is in the log', async () => {
    const err = (await bus.request('statistics.log.list', { query: {} }).catch((e) => e)) as DomainException;
    expect(err).toBeInstanceOf(DomainException);
    expect(err.code).toBe('INTERNAL');
    expect(err.extra.errorId).toEqual(expect.any(String));
    expect(lines.some((l) => l.includes(err.extra.errorId!))).toBe(true);
  });

  it('lets a service call a service-only subject with its signed identity, and nobody else', async () => {
    const report = {
      jobId: 'print-1-created',
      queue: 'print' as const,
      orderId: 1,
      branch: 1,
      reason: 'x',
      attempts: 8,
    };
    await expect(bus.requestAsService('order.job.record-failure', report)).resolves.toEqual({ recorded: true });
    await expect(
      bus.request('order.job.record-failure', report, {
        id: 1,
        username: 'admin',
        roles: ['ROLE_ADMIN'],
        branches: [],
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const client = new BusClient(prefixes.nats, { servers: NATS_URL });
    await client.connect();
    const impostor = new ServiceBus(client, 2000, { service: 'workers', secret: 'a-guessed-secret-of-16+' });
    await expect(impostor.requestAsService('order.job.record-failure', report)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await impostor.close();
  });
});

/**
 * A client's requests are answered on one reply subscription (`<inbox>.*`, a token per request), not on an inbox
 * subscribed and unsubscribed per request (issue 45): the responder below, a plain NATS connection, sees the reply
 * subjects and answers as a Nest service does.
 */
describe('bus client replies', () => {
  const prefixes = uniquePrefixes('busreply');
  const replySubjects: string[] = [];
  let responder: NatsConnection;
  let client: BusClient;
  const delays = new Map<number, number>();

  beforeAll(async () => {
    responder = await connect({ servers: NATS_URL });
    responder.subscribe(`${prefixes.nats}probe.echo`, {
      callback: (_err, msg) => {
        const { id, data } = msg.json<{ id: string; data: { n: number } }>();
        replySubjects.push(msg.reply!);
        const answer = () => msg.respond(JSON.stringify({ id, response: { n: data.n }, isDisposed: true }));
        const delay = delays.get(data.n);
        if (delay) setTimeout(answer, delay);
        else answer();
      },
    });
    await responder.flush();
    client = new BusClient(prefixes.nats, { servers: NATS_URL });
    await client.connect();
  });
  afterAll(async () => {
    await client.close();
    await responder.close();
    await cleanupPrefixes(prefixes);
  });

  const echo = (n: number, timeoutMs = 2000) =>
    lastValueFrom(client.send<{ n: number }>('probe.echo', { n }).pipe(timeout(timeoutMs)));

  it('answers concurrent requests each with its own reply, all under one reply subscription', async () => {
    replySubjects.length = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => echo(n)));
    expect(answers).toEqual(Array.from({ length: 20 }, (_, n) => ({ n })));
    // `_INBOX.<id>.<token>`: one inbox, a token each (Nest's own: `_INBOX.<id>`, an inbox each)
    expect(new Set(replySubjects.map((s) => s.split('.').slice(0, 2).join('.'))).size).toBe(1);
    expect(new Set(replySubjects).size).toBe(20);
  });

  it('drops a late answer to a request that timed out; the next request gets its own', async () => {
    delays.set(100, 600);
    await expect(echo(100, 200)).rejects.toBeInstanceOf(TimeoutError);
    // the late answer arrives while the next request waits on the same subscription
    await expect(
      Promise.all([echo(101), new Promise((r) => setTimeout(r, 700)).then(() => echo(102))]),
    ).resolves.toEqual([{ n: 101 }, { n: 102 }]);
  });

  it('still answers a request nobody listens for as "no responders" at once', async () => {
    const started = Date.now();
    const err = await lastValueFrom(client.send('probe.nobody', {}).pipe(timeout(5000))).catch((e: unknown) => e);
    expect((err as Error).constructor.name).toBe('EmptyResponseException');
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
