import { Controller, Inject, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import type { INestMicroservice } from '@nestjs/common';
import { cleanupPrefixes, NATS_URL, uniquePrefixes } from '@shop/testing';
import type { Logger } from 'pino';
import { Writable } from 'node:stream';
import { DomainException } from '../errors/domain-exception.js';
import { RpcDomainExceptionFilter } from '../errors/rpc-exception.filter.js';
import { createLogger } from '../logging/logger.js';
import { currentRequestId, runWithRequestId } from '../logging/request-context.js';
import { BusClient, BusServer } from './bus-transport.js';
import { ServiceBus } from './service-bus.js';

const lines: string[] = [];
const capture = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
const logger = createLogger('probe', 'info', capture);

@Controller()
class ProbeController {
  constructor(@Inject('LOGGER') private readonly log: Logger) {}
  @MessagePattern('probe.echo.request-id')
  echo() {
    this.log.info('handled');
    return { requestId: currentRequestId() ?? null };
  }
  @MessagePattern('probe.fail.domain')
  domain() {
    throw DomainException.notFound('Filiale');
  }
  @MessagePattern('probe.fail.crash')
  crash() {
    throw new Error('boom');
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
    app = await NestFactory.createMicroservice(ProbeModule, { strategy: new BusServer(prefixes.nats, { servers: NATS_URL, queue: 'probe' }), logger: false });
    app.useGlobalFilters(new RpcDomainExceptionFilter(logger));
    await app.listen();
    const client = new BusClient(prefixes.nats, { servers: NATS_URL });
    await client.connect();
    bus = new ServiceBus(client, 2000);
  });
  afterAll(async () => {
    await bus.close();
    await app.close();
    await cleanupPrefixes(prefixes);
  });

  it('carries the caller\'s request id into the handler and its log lines', async () => {
    const reply = await runWithRequestId('req-4711', () => bus.send('probe.echo.request-id', {}));
    expect(reply).toEqual({ requestId: 'req-4711' });
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'handled');
    expect(logged).toMatchObject({ service: 'probe', requestId: 'req-4711' });
  });

  it('uses the subject prefix: an unprefixed client reaches nobody (timeout → SERVICE_UNAVAILABLE)', async () => {
    const client = new BusClient('', { servers: NATS_URL });
    await client.connect();
    const other = new ServiceBus(client, 300);
    await expect(other.send('probe.echo.request-id', {})).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    await other.close();
  });

  it('rebuilds a remote DomainException with its code and German message', async () => {
    await expect(bus.send('probe.fail.domain', {})).rejects.toMatchObject({
      code: 'NOT_FOUND', status: 404, message: 'Filiale wurde nicht gefunden.',
    });
  });

  it('answers an unexpected error as INTERNAL with an errorId that is in the log', async () => {
    const err = (await bus.send('probe.fail.crash', {}).catch((e) => e)) as DomainException;
    expect(err).toBeInstanceOf(DomainException);
    expect(err.code).toBe('INTERNAL');
    expect(err.extra.errorId).toEqual(expect.any(String));
    expect(lines.some((l) => l.includes(err.extra.errorId!))).toBe(true);
  });
});
