import fastifyRateLimit from '@fastify/rate-limit';
import { createLogger, DomainException, type ServiceBus } from '@shop/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEVICE_CHALLENGE, PRINTER_PATHS, registerPrinterRoutes } from './printer.routes.js';

const REFUSED = 'Das Gerät konnte nicht angemeldet werden: Kennung oder Schlüssel ist ungültig.';
const basic = (userPass: string) => `Basic ${Buffer.from(userPass).toString('base64')}`;

/**
 * The printers' HTTP Basic, read by @fastify/basic-auth: a missing, malformed or empty header is answered like a
 * wrong key (401, the German envelope, the challenge) and never reaches the order service.
 */
describe('printer routes: device credentials', () => {
  let fastify: FastifyInstance;
  let base: string;
  const asked: Array<{ subject: string; payload: Record<string, unknown> }> = [];
  const bus = {
    request: async (subject: string, payload: Record<string, unknown>) => {
      asked.push({ subject, payload });
      if (payload.apiKey !== 'richtig') throw DomainException.of('UNAUTHENTICATED', 'devices.unauthenticated');
      return { jobReady: false };
    },
  } as unknown as ServiceBus;

  beforeAll(async () => {
    fastify = Fastify();
    // the gateway's rate-limit plugin (its counts in memory here; the device limit is far away)
    await fastify.register(fastifyRateLimit, { global: false });
    await registerPrinterRoutes(fastify, bus, createLogger('gateway', 'silent'), 1000);
    base = await fastify.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => fastify.close());
  beforeEach(() => {
    asked.length = 0;
  });

  const poll = (authorization?: string) =>
    fetch(`${base}${PRINTER_PATHS.cloudprnt}`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
    });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Bearer abc'],
    ['no base64', 'Basic !!!'],
    ['no colon', basic('kueche-star')],
    ['an empty identifier', basic(':richtig')],
    ['a control character', basic('kueche\u0000star:richtig')],
  ])('answers %s with 401, the German envelope and the challenge', async (_what, authorization) => {
    const res = await poll(authorization);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(DEVICE_CHALLENGE);
    expect(await res.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: REFUSED,
      errors: [{ field: null, message: REFUSED }],
    });
    expect(asked).toEqual([]);
  });

  it('hands identifier and key to the order service, which refuses a wrong key the same way', async () => {
    const wrong = await poll(basic('kueche-star:falsch'));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe(DEVICE_CHALLENGE);
    expect(((await wrong.json()) as { message: string }).message).toBe(REFUSED);

    const right = await poll(basic('kueche-star:richtig'));
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ jobReady: false });
    expect(asked.map((a) => [a.subject, a.payload.identifier, a.payload.apiKey])).toEqual([
      ['order.printer.cloudprnt-poll', 'kueche-star', 'falsch'],
      ['order.printer.cloudprnt-poll', 'kueche-star', 'richtig'],
    ]);
  });

  it('takes a key with colons (everything after the first one)', async () => {
    await poll(basic('kueche-star:richtig'));
    await poll(basic('kueche-star:a:b'));
    expect(asked.map((a) => a.payload.apiKey)).toEqual(['richtig', 'a:b']);
  });
});
