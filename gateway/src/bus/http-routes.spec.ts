import { Controller, Injectable, Module } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Actor } from '@shop/contracts';
import { createLogger, ServiceBus } from '@shop/server';
import type { FastifyInstance } from 'fastify';
import { ACCESS_METADATA } from '../auth/access.js';
import { AccessGuard } from '../auth/access.guard.js';
import { ActorService } from '../auth/actor.service.js';
import { ErrorEnvelopeFilter } from '../bootstrap/error-envelope.filter.js';
import { createHttpController, forward, withQuery } from './http-routes.js';

const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };

@Injectable()
class Greeter {
  greet(name: string) {
    return `Hallo ${name}`;
  }
}

@Controller('api/test')
class TestController extends createHttpController(
  [
    {
      name: 'echo',
      method: 'post',
      path: ':id/echo/:part',
      access: 'public',
      status: 202,
      query: ['q'],
      headers: ['x-one'],
      summary: 'what the handler reads of its request',
      handle: async ({ actor, params, query, body, headers, reply }) => {
        reply.header('x-seen', 'yes');
        return { data: { actor, params, query, body, headers } };
      },
    },
    {
      name: 'queue',
      method: 'get',
      path: ':id/queue',
      access: ['ROLE_ADMIN'],
      summary: 'a forwarded request',
      ...forward('order.device.queue', ({ params }) => ({ id: Number(params.id) })),
    },
    {
      name: 'balances',
      method: 'get',
      path: 'balances',
      access: ['ROLE_EMPLOYEE'],
      summary: 'a role the actor lacks',
      ...forward('time-tracking.balance.list', withQuery),
    },
    {
      name: 'greeting',
      method: 'get',
      path: 'greeting/:name',
      access: 'public',
      sends: true,
      summary: 'a handler that sends itself, with a service of its own',
      handle: async ({ params, reply }, { greeter }) => reply.type('text/plain').send(greeter.greet(params.name)),
    },
  ],
  { greeter: Greeter },
) {}

const asked: Array<{ subject: string; payload: unknown; actor: Actor | null }> = [];
const bus = {
  request: async (subject: string, payload: unknown, actor: Actor | null = null) => {
    asked.push({ subject, payload, actor });
    return { answered: subject };
  },
};

@Module({
  controllers: [TestController],
  providers: [
    Greeter,
    { provide: ServiceBus, useValue: bus },
    { provide: ActorService, useValue: { resolve: async () => admin } },
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
})
class TestModule {}

describe('createHttpController: a controller from a table of routes', () => {
  let app: NestFastifyApplication;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(TestModule, new FastifyAdapter(), { logger: false });
    app.useGlobalFilters(new ErrorEnvelopeFilter(createLogger('gateway', 'silent')));
    await app.init();
    fastify = app.getHttpAdapter().getInstance();
    await fastify.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    asked.length = 0;
  });

  it('makes each entry a method named after it, with the access it declares', () => {
    const prototype = TestController.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    expect(prototype.queue.name).toBe('queue');
    expect(Reflect.getMetadata(ACCESS_METADATA, prototype.queue)).toEqual({ kind: 'staff', roles: ['ROLE_ADMIN'] });
    expect(Reflect.getMetadata(ACCESS_METADATA, prototype.echo)).toEqual({ kind: 'public' });
  });

  it('gives the handler the path, query, body and named headers, no actor on a public route, and its status', async () => {
    const res = await fastify.inject({
      method: 'POST',
      url: '/api/test/7/echo/a?q=1&r=2',
      headers: { 'x-one': 'eins', 'x-two': 'zwei' },
      payload: { text: 'hallo' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.headers['x-seen']).toBe('yes');
    expect(res.json()).toEqual({
      data: {
        actor: null,
        params: { id: '7', part: 'a' },
        query: { q: '1', r: '2' },
        body: { text: 'hallo' },
        headers: { 'x-one': 'eins' },
      },
    });
  });

  it("forwards a staff route's payload with the actor, and answers the reply as data", async () => {
    const res = await fastify.inject({ method: 'GET', url: '/api/test/5/queue' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { answered: 'order.device.queue' } });
    expect(asked).toEqual([{ subject: 'order.device.queue', payload: { id: 5 }, actor: admin }]);
  });

  it('is guarded by the roles of the entry', async () => {
    const res = await fastify.inject({ method: 'GET', url: '/api/test/balances?month=2024-01' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    expect(asked).toEqual([]);
  });

  it('lets a handler send the answer itself, with the services the controller names', async () => {
    const res = await fastify.inject({ method: 'GET', url: '/api/test/greeting/Anna' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('Hallo Anna');
  });
});
