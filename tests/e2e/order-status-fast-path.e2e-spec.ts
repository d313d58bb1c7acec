import { waitFor } from '@shop/testing';
import { rawGet, stable } from '../support/raw-http.js';
import request from 'supertest';
import { PublicOrderCache } from '../../gateway/src/orders/public-order.cache.js';
import {
  ADMIN,
  login,
  orderableProductOf,
  startStack,
  takeawayOrder,
  type Stack,
  type StaffClient,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
const NOT_FOUND = 'Die Bestellung wurde nicht gefunden.';

/**
 * issue 22 "Cached reads at the physical limit": a customer's poll of GET /api/orders/public/{uid}/{hash} whose order
 * the gateway has cached is answered in front of Fastify (gateway/src/orders/public-order.route.ts,
 * publicOrderFastPath) with the bytes and headers the Fastify route gives (api-contract: 200 with ETag, 304 on a
 * matching If-None-Match, 404 for an unknown order or a wrong hash). The route's own answers are counted by
 * wrapping PublicOrderCache.get, which only the Fastify route calls (the fast path peeks).
 */
describe('GET /api/orders/public/{uid}/{hash} fast path', () => {
  let stack: Stack;
  let admin: StaffClient;
  let cache: PublicOrderCache;
  let order: { id: number; uid: string; hash: string };
  /** answers given by the Fastify route */
  let routed = 0;
  /** drops of a cached answer (the tests' own and the order events') */
  let drops = 0;
  const poll = (path: string, headers: Record<string, string> = {}) => rawGet(`${stack.baseUrl}${path}`, headers);
  const statusPath = () => `/api/orders/public/${order.uid}/${order.hash}`;
  /**
   * A round of polls after dropping the cached answer, run again when the order's own events (through JetStream: its
   * creation, the workers' finished jobs) dropped it once more during the round, which can happen seconds after the
   * order was placed on a loaded machine; a round that fails without such a drop fails the test (after 15 s).
   */
  const round = <T>(polls: () => Promise<T>) =>
    waitFor(async () => {
      cache.invalidate(order.uid);
      routed = 0;
      drops = 0;
      const result = await polls();
      return drops === 0 ? result : null;
    }, 15_000);

  beforeAll(async () => {
    // the test client plays the TLS proxy: its X-Request-Id is believed (request-id.ts)
    stack = await startStack('order-status-fast-path', { TRUSTED_PROXIES: '127.0.0.1' });
    await stack.seed();
    admin = await login(stack, ADMIN);
    const branch = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    await admin.put(`/api/branches/${branch.id}`, { ...branch, openingHours: ALL_DAY }).expect(200);
    const product = await orderableProductOf(admin, branch.id);
    // an anonymous customer's order (the order service follows the branch's new hours through its events)
    order = await waitFor(async () => {
      const res = await request(stack.baseUrl).post('/api/orders').send(takeawayOrder(branch.id, product));
      return res.status === 201 ? (res.body.data as typeof order) : null;
    }, 10_000);
    cache = stack.gateway.get(PublicOrderCache);
    const routeGet = cache.get.bind(cache);
    cache.get = (uid, hash) => {
      routed++;
      return routeGet(uid, hash);
    };
    const invalidate = cache.invalidate.bind(cache);
    cache.invalidate = (uid) => {
      drops++;
      invalidate(uid);
    };
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  it("answers a cached order's poll from memory with the route's bytes and headers", async () => {
    const { first, second, third } = await round(async () => {
      const first = await poll(statusPath());
      expect(routed).toBe(1);
      routed = 0;
      const second = await poll(statusPath(), { 'x-request-id': 'status-fast-path-1' });
      const third = await poll(statusPath(), { 'accept-encoding': 'gzip, deflate, br' });
      expect(routed).toBe(0);
      return { first, second, third };
    });
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(second.body.equals(first.body)).toBe(true);
    expect(third.body.equals(first.body)).toBe(true);
    expect(stable(second.headers)).toEqual(stable(first.headers));
    expect(stable(third.headers)).toEqual(stable(first.headers));
    expect(second.headers['x-request-id']).toBe('status-fast-path-1');
    expect(third.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // what the contract promises: JSON of the public view, revalidated on every poll, never encoded
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(second.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(second.headers['content-length']).toBe(String(first.body.length));
    expect(second.headers['content-encoding']).toBeUndefined();
    expect(second.headers['x-frame-options']).toBe('DENY');
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(second.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(JSON.parse(second.body.toString()).data).toMatchObject({ id: order.id, uid: order.uid, hash: order.hash });
  });

  it('answers 304 for a matching If-None-Match with the headers of the route’s 304, 200 for another', async () => {
    const { headers } = await poll(statusPath());
    const etag = String(headers.etag);
    const { byRoute, fast } = await round(async () => {
      const byRoute = await poll(statusPath(), { 'if-none-match': etag });
      expect(routed).toBe(1);
      routed = 0;
      const fast = await poll(statusPath(), { 'if-none-match': etag });
      expect(routed).toBe(0);
      return { byRoute, fast };
    });
    expect([byRoute.status, fast.status]).toEqual([304, 304]);
    expect(fast.body.length).toBe(0);
    expect(stable(fast.headers)).toEqual(stable(byRoute.headers));
    expect(fast.headers.etag).toBe(etag);
    expect((await poll(statusPath(), { 'if-none-match': `W/"older", ${etag}` })).status).toBe(304);
    expect((await poll(statusPath(), { 'if-none-match': '*' })).status).toBe(304);
    expect((await poll(statusPath(), { 'if-none-match': 'W/"older"' })).status).toBe(200);
    expect(routed).toBe(0);
  });

  it('leaves a wrong hash, an unknown order and a query string to the route: the same 404 with its German text', async () => {
    await poll(statusPath());
    routed = 0;
    const wrongHash = await poll(`/api/orders/public/${order.uid}/${'A'.repeat(22)}`);
    const unknown = await poll(`/api/orders/public/${'B'.repeat(22)}/${order.hash}`);
    const badHash = await poll(`/api/orders/public/${order.uid}/${order.hash.slice(0, 21)}%21`);
    expect(routed).toBe(3);
    for (const res of [wrongHash, unknown, badHash]) {
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers.etag).toBeUndefined();
      expect(JSON.parse(res.body.toString())).toEqual({
        message: NOT_FOUND,
        code: 'NOT_FOUND',
        errors: [{ field: null, message: NOT_FOUND }],
      });
    }
    routed = 0;
    const query = await poll(`${statusPath()}?t=1`);
    expect(query.status).toBe(200);
    expect(routed).toBe(1);
    expect(query.body.equals((await poll(statusPath())).body)).toBe(true);
  });

  it('never answers an older state after a change: the order event drops the cached answer', async () => {
    const before = await poll(statusPath());
    await poll(statusPath());
    expect(JSON.parse(before.body.toString()).data.isConfirmed).toBe(false);
    await admin.post(`/api/orders/${order.id}/status/confirm`).expect(200);
    const after = await waitFor(async () => {
      const res = await poll(statusPath(), { 'if-none-match': String(before.headers.etag) });
      return res.status === 200 ? res : null;
    }, 10_000);
    expect(JSON.parse(after.body.toString()).data.isConfirmed).toBe(true);
    // …and that version is the one answered from memory from then on (the confirm's own order event may still
    // arrive after the staff call dropped the entry, and drop the refetched one once more: wait for it to settle)
    const fast = await waitFor(async () => {
      routed = 0;
      const res = await poll(statusPath());
      return routed === 0 ? res : null;
    }, 10_000);
    expect(fast.headers.etag).toBe(after.headers.etag);
    expect(fast.body.equals(after.body)).toBe(true);
  });
});
