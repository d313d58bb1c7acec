import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { STATISTICS_METRICS, type StatisticsMetric, type StatisticsReply } from '@shop/contracts';
import { busServerFor, configureMicroservice } from '@shop/server';
import { waitFor } from '@shop/testing';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { VisitorIds } from '../../gateway/src/analytics/visitor-id.js';
import { loadStatisticsConfig } from '../../services/statistics/src/config/statistics-config.js';
import { StatisticsWorkRollups1796300000000 } from '../../services/statistics/src/database/migrations/1796300000000-StatisticsWorkRollups.js';
import { QueryMetric } from '../../services/statistics/src/metrics/usecases/query-metric/query-metric.usecase.js';
import { RollupRepository } from '../../services/statistics/src/metrics/rollup.repository.js';
import { OrderFactsService } from '../../services/statistics/src/orders/order-facts.service.js';
import { Retention } from '../../services/statistics/src/retention/retention.js';
import { StatisticsModule } from '../../services/statistics/src/statistics.module.js';
import { WorkPeriodsService } from '../../services/statistics/src/work/work-periods.service.js';
import {
  ADMIN,
  EMPLOYEE,
  login,
  orderableProductOf,
  startStack,
  takeawayOrder,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

/**
 * Issue 21: the analytics ingestion (single event and batch, the gateway's enrichment, the daily visitor id),
 * the 22 metrics against a known set of events and orders, rollups against the raw tables, buckets on the
 * daylight-saving day, retention, a statistics service killed while batches arrive, and branch scoping.
 */
describe('statistics (issue 21)', () => {
  let stack: Stack;
  let admin: StaffClient;
  let employee: StaffClient;
  let db: DataSource;
  let statistics: INestMicroservice;
  let branchId: number;
  let otherBranchId: number;
  let product: number;

  beforeAll(async () => {
    stack = await startStack('stats', {});
    await stack.seed();
    statistics = stack.statistics;
    admin = await login(stack, ADMIN);
    employee = await login(stack, EMPLOYEE);
    const branches = (await admin.get('/api/branches').expect(200)).body.data as Array<{
      id: number;
      identifier: string;
    }>;
    const b = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    branchId = (await admin.put(`/api/branches/${b.id}`, { ...b, openingHours: ALL_DAY }).expect(200)).body.data.id;
    otherBranchId = branches.find((x) => x.id !== branchId)!.id;
    product = await orderableProductOf(admin, branchId);
    db = new DataSource({ type: 'postgres', url: stack.db.url });
    await db.initialize();
  }, STACK_START_MS);
  afterAll(async () => {
    await db?.destroy();
    await stack?.close();
  }, STACK_CLOSE_MS);

  const send = (body: unknown, ua = CHROME_WINDOWS, referer = 'http://localhost/store/wien-innere-stadt?x=1') =>
    request(stack.baseUrl)
      .post('/api/analytics-log')
      .set('Host', 'localhost')
      .set('User-Agent', ua)
      .set('Referer', referer)
      .send(body as object);
  const storedCount = async (where: string, params: unknown[] = []) =>
    Number((await db.query(`SELECT count(*)::int AS n FROM statistics.analytics_event WHERE ${where}`, params))[0].n);
  const metric = async (name: StatisticsMetric, query: string, client: StaffClient = admin) =>
    (await client.get(`/api/statistics/${name}?${query}`).expect(200)).body.data as StatisticsReply;

  it('takes the spec single event and a batch, adds visitor id, browser, OS, page and the referrer host, and keeps no address', async () => {
    await send({ type: 'event', action: 'stat-test: single', category: 'cart', data: { product: 1 } }).expect(202, {
      data: { accepted: 1 },
    });
    await send({
      events: [
        { type: 'event', action: 'stat-test: batch 1', category: null, data: {} },
        {
          type: 'device',
          action: 'stat-test: device',
          category: 'device',
          data: { referrer: 'https://www.google.com/search?q=strudel', screenWidth: 390, screenHeight: 844 },
        },
      ],
    }).expect(202, { data: { accepted: 2 } });
    // neither the one nor the other shape of a wrong body is a 500
    const badSingle = await send({ type: '', action: 'x' }).expect(422);
    expect(JSON.stringify(badSingle.body)).toContain('type');
    const badBatch = await send({ events: [] }).expect(422);
    expect(JSON.stringify(badBatch.body)).toContain('events');

    const rows = await waitFor(async () => {
      const r = await db.query(
        `SELECT * FROM statistics.analytics_event WHERE action LIKE 'stat-test: %' ORDER BY action`,
      );
      return r.length === 3 ? r : null;
    }, 10_000);
    const [batch1, device, single] = rows;
    expect(single).toMatchObject({ type: 'event', category: 'cart', browser: 'Chrome', os: 'Windows' });
    expect(single.page).toBe('/store/wien-innere-stadt');
    expect(single.visitorId).toMatch(/^[0-9a-f]{32}$/);
    // one browser on one day: the same visitor in both requests
    expect(batch1.visitorId).toBe(single.visitorId);
    expect(device.data).toMatchObject({ referrer: 'www.google.com', screenWidth: 390 });
    // the address is nowhere in what is kept
    for (const row of rows) expect(JSON.stringify(row).match(/127\.0\.0\.1|::1|Mozilla/)).toBeNull();
  });

  it('rotates the visitor id with the day; the salt of a day expires after the next day', async () => {
    const visitors = stack.gateway.get(VisitorIds);
    const day1 = new Date('2030-05-01T10:00:00Z');
    const laterDay1 = new Date('2030-05-01T23:59:00Z');
    const day2 = new Date('2030-05-02T00:01:00Z');
    const a = await visitors.visitorId('localhost', '203.0.113.9', CHROME_WINDOWS, day1);
    expect(await visitors.visitorId('localhost', '203.0.113.9', CHROME_WINDOWS, laterDay1)).toBe(a);
    expect(await visitors.visitorId('localhost', '203.0.113.9', CHROME_WINDOWS, day2)).not.toBe(a);
    expect(await visitors.visitorId('localhost', '203.0.113.10', CHROME_WINDOWS, day1)).not.toBe(a);
    expect(await visitors.visitorId('other.localhost', '203.0.113.9', CHROME_WINDOWS, day1)).not.toBe(a);
    expect(a).not.toContain('203.0.113.9');
    const redis = new Redis(stack.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      const key = `${stack.prefixes.redis}analytics:salt:2030-05-01`;
      const expiresAt = await redis.expiretime(key);
      expect(expiresAt).toBe(Date.parse('2030-05-03T00:00:00Z') / 1000);
      // the salt itself is random and not the visitor id
      const salt = await redis.get(key);
      expect(salt).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      redis.disconnect();
    }
  });

  /** a visit on 10 June 2026 (Vienna, UTC+2) by three browsers, known to the event */
  const JUNE = '2026-06-10';
  const at = (localTime: string) => `${JUNE}T${localTime}:00.000+02:00`;
  async function seedJune() {
    const pv = (path: string, time: string) => ({
      type: 'pageview',
      action: path,
      category: 'navigation',
      data: { path },
      occurredAt: at(time),
    });
    const dev = (time: string, data: Record<string, unknown>) => ({
      type: 'device',
      action: 'Device',
      category: 'device',
      data,
      occurredAt: at(time),
    });
    await send(
      {
        events: [
          dev('10:05', {
            screenWidth: 1920,
            screenHeight: 1080,
            pixelRatio: 1,
            colorScheme: 'light',
            referrer: 'https://www.google.com/',
          }),
          pv('/', '10:05'),
          pv('/store/wien-innere-stadt', '10:40'),
          { type: 'event', action: 'Add to cart', category: 'cart', data: {}, occurredAt: at('10:45') },
          pv('/checkout', '11:10'),
          { type: 'event', action: 'Checkout start', category: 'checkout', data: {}, occurredAt: at('11:15') },
        ],
      },
      CHROME_WINDOWS,
    ).expect(202);
    await send(
      {
        events: [
          dev('10:20', { screenWidth: 1920, screenHeight: 1080, pixelRatio: 1.5, colorScheme: 'dark', referrer: null }),
          pv('/', '10:20'),
          pv('/store/wien-innere-stadt', '10:21'),
        ],
      },
      FIREFOX_LINUX,
    ).expect(202);
    await send(
      {
        events: [
          dev('18:00', {
            screenWidth: 390,
            screenHeight: 844,
            pixelRatio: 3,
            colorScheme: 'dark',
            referrer: 'https://www.instagram.com/x',
          }),
          pv('/store/wien-innere-stadt', '18:00'),
          { type: 'event', action: 'Add to cart', category: 'cart', data: {}, occurredAt: at('18:02') },
        ],
      },
      SAFARI_IPHONE,
    ).expect(202);
    await waitFor(
      async () => (await storedCount(`"occurredAt" >= $1 AND "occurredAt" < $2`, [at('00:00'), at('23:59')])) === 12,
      10_000,
    );
  }

  it('answers every visitor metric for a known day: counts, top lists, the event flow and the weekday × hour grid', async () => {
    await seedJune();
    const q = `from=${JUNE}&to=${JUNE}`;
    expect((await metric('unique-visitors', q)).total).toBe(3);
    expect((await metric('page-views', q)).total).toBe(6);
    expect((await metric('pages', q)).breakdown).toEqual([
      { key: '/store/wien-innere-stadt', value: 3 },
      { key: '/', value: 2 },
      { key: '/checkout', value: 1 },
    ]);
    expect((await metric('events', q)).breakdown).toEqual([
      { key: 'Add to cart', value: 2 },
      { key: 'Checkout start', value: 1 },
    ]);
    expect((await metric('event-flow', q)).breakdown).toEqual([
      { key: '/ → /store/wien-innere-stadt', value: 2 },
      { key: '/store/wien-innere-stadt → /checkout', value: 1 },
    ]);
    expect((await metric('resolutions', q)).breakdown).toEqual([
      { key: '1920x1080', value: 2 },
      { key: '390x844', value: 1 },
    ]);
    expect((await metric('device-pixel-ratios', q)).breakdown).toEqual([
      { key: '1', value: 1 },
      { key: '1.5', value: 1 },
      { key: '3', value: 1 },
    ]);
    expect((await metric('color-schemes', q)).breakdown).toEqual([
      { key: 'dark', value: 2 },
      { key: 'light', value: 1 },
    ]);
    expect((await metric('referrers', q)).breakdown).toEqual([
      { key: '', value: 1 },
      { key: 'www.google.com', value: 1 },
      { key: 'www.instagram.com', value: 1 },
    ]);
    expect((await metric('browsers', q)).breakdown).toEqual([
      { key: 'Chrome', value: 1 },
      { key: 'Firefox', value: 1 },
      { key: 'Safari', value: 1 },
    ]);
    expect((await metric('operating-systems', q)).breakdown).toEqual([
      { key: 'Linux', value: 1 },
      { key: 'Windows', value: 1 },
      { key: 'iOS', value: 1 },
    ]);
    // visits per hour: Chrome at 10 and 11, Firefox at 10, Safari at 18 (10 June 2026 is a Wednesday)
    const times = await metric('visitor-times', q);
    expect(times.cells).toEqual([
      { weekday: 3, hour: 10, value: 2 },
      { weekday: 3, hour: 11, value: 1 },
      { weekday: 3, hour: 18, value: 1 },
    ]);
    // hourly series in the shop's time zone
    const hourly = await metric('page-views', `${q}&interval=hour`);
    expect(hourly.series).toEqual([
      { bucket: '2026-06-10T08:00:00.000Z', value: 4 },
      { bucket: '2026-06-10T09:00:00.000Z', value: 1 },
      { bucket: '2026-06-10T16:00:00.000Z', value: 1 },
    ]);
    // an ISO range with partial hours: rollups for 11:00–18:00, the raw table for 10:30–11:00 and 18:00–18:01
    const partial = await metric(
      'page-views',
      `from=${encodeURIComponent(at('10:30'))}&to=${encodeURIComponent(at('18:01'))}`,
    );
    expect(partial.total).toBe(3);
  });

  it('counts a visit for the branch of its store page, its event or the store the visitor was in that day', async () => {
    const day = '2026-06-12';
    const local = (time: string) => `${day}T${time}:00.000+02:00`;
    const pv = (path: string, time: string) => ({
      type: 'pageview',
      action: path,
      category: 'navigation',
      data: { path },
      occurredAt: local(time),
    });
    const MAC_SAFARI =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
    // the home page (no branch), then a store page; later the contact page and an add-to-cart naming the branch
    await send(
      { events: [pv('/', '09:00'), pv('/store/wien-innere-stadt', '09:10')] },
      MAC_SAFARI,
      'http://localhost/',
    ).expect(202);
    await waitFor(
      async () =>
        (await storedCount(`action = '/store/wien-innere-stadt' AND "occurredAt" = $1`, [local('09:10')])) === 1,
      10_000,
    );
    await send(
      {
        events: [
          pv('/kontakt', '10:05'),
          {
            type: 'event',
            action: 'Add to cart',
            category: 'cart',
            data: { branch: 'wien-innere-stadt' },
            occurredAt: local('10:10'),
          },
        ],
      },
      MAC_SAFARI,
      'http://localhost/kontakt',
    ).expect(202);
    await waitFor(
      async () =>
        (await storedCount(`"occurredAt" >= $1 AND "occurredAt" < $2`, [local('00:00'), local('23:59')])) === 4,
      10_000,
    );
    const stored = await db.query(
      `SELECT action, branch FROM statistics.analytics_event WHERE "occurredAt" >= $1 AND "occurredAt" < $2 ORDER BY "occurredAt"`,
      [local('00:00'), local('23:59')],
    );
    expect(stored).toEqual([
      { action: '/', branch: 0 },
      { action: '/store/wien-innere-stadt', branch: branchId },
      { action: '/kontakt', branch: branchId },
      { action: 'Add to cart', branch: branchId },
    ]);
    const q = `from=${day}&to=${day}`;
    expect((await metric('page-views', q)).total).toBe(3);
    expect((await metric('page-views', `${q}&branch=${branchId}`)).total).toBe(2);
    expect((await metric('events', `${q}&branch=${branchId}`)).breakdown).toEqual([{ key: 'Add to cart', value: 1 }]);
    // a visit counts for the hour and branch of the visitor's first event in that hour (12 June 2026: a Friday)
    expect((await metric('visitor-times', q)).cells).toEqual([
      { weekday: 5, hour: 9, value: 1 },
      { weekday: 5, hour: 10, value: 1 },
    ]);
    expect((await metric('visitor-times', `${q}&branch=${branchId}`)).cells).toEqual([
      { weekday: 5, hour: 10, value: 1 },
    ]);
    expect((await metric('visitor-times', `${q}&branch=${otherBranchId}`)).cells).toEqual([]);
  });

  it('answers the order metrics from its read model of the order events, in cents, with origins', async () => {
    const place = async (client: request.Agent | ReturnType<typeof request>, referer?: string, csrf?: string) => {
      let res: request.Response | undefined;
      await waitFor(async () => {
        const r = client.post('/api/orders');
        if (referer) r.set('Referer', referer);
        if (csrf) r.set('x-csrf-token', csrf);
        res = await r.send({ ...takeawayOrder(branchId, product), items: [{ product, amount: 2 }] });
        return res.status === 201;
      }, 5000);
      return res!.body.data as { id: number };
    };
    const storefront = await place(request(stack.baseUrl), 'http://localhost/store/wien-innere-stadt');
    const selfService = await place(request(stack.baseUrl), 'http://localhost/self-service/store/wien-innere-stadt');
    const staff = await place(admin.agent, undefined, admin.csrf);
    await admin.post(`/api/orders/${selfService.id}/status/cancel`, { message: 'Test' }).expect(200);
    const full = await Promise.all(
      [storefront, selfService, staff].map(async (o) => (await admin.get(`/api/orders/${o.id}`).expect(200)).body.data),
    );
    const cents = (o: { pricing: { totalGross: number } }) => Math.round(o.pricing.totalGross * 100);
    const name = full[0].items[0].name as string;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(new Date());
    const q = `from=${today}&to=${today}&branch=${branchId}`;
    await waitFor(async () => (await metric('canceled-orders', q)).total === 1, 10_000, 100);
    expect((await metric('orders', q)).total).toBe(3);
    expect((await metric('revenue', q)).total).toBe(cents(full[0]) + cents(full[2]));
    expect((await metric('revenue', q)).unit).toBe('cents');
    expect((await metric('items', q)).total).toBe(6);
    expect((await metric('popular-items', q)).breakdown).toEqual([{ key: name, value: 6, unit: 'piece' }]);
    expect((await metric('order-origins', q)).breakdown).toEqual([
      { key: 'self-service', value: 1 },
      { key: 'staff', value: 1 },
      { key: 'storefront', value: 1 },
    ]);
    expect((await metric('revenue-origins', q)).breakdown).toEqual(
      expect.arrayContaining([
        { key: 'storefront', value: cents(full[0]) },
        { key: 'staff', value: cents(full[2]) },
      ]),
    );
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Vienna',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date());
    const hour = Number(parts.find((p) => p.type === 'hour')!.value);
    const weekday =
      ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.find((p) => p.type === 'weekday')!.value) + 1;
    expect((await metric('order-times', q)).cells).toContainEqual({ weekday, hour, value: 3 });
    // a redelivered event counts nothing twice
    const before = await Promise.all((['orders', 'revenue', 'items'] as const).map((m) => metric(m, q)));
    const facts = statistics.get(OrderFactsService);
    const [fact] = await db.query(`SELECT * FROM statistics.order_fact WHERE id = $1`, [storefront.id]);
    const replay = {
      id: storefront.id,
      uid: 'x',
      branch: branchId,
      verb: 'created' as const,
      change: 'created',
      at: new Date().toISOString(),
      createdAt: fact.createdAt.toISOString(),
      origin: 'storefront' as const,
      totalCents: Number(fact.totalCents),
      canceled: false,
      items: [{ productId: product, name, quantity: 2, grossCents: Number(fact.totalCents) }],
    };
    await facts.apply(replay);
    await facts.apply({ ...replay, verb: 'updated', change: 'confirm', items: undefined });
    expect(await Promise.all((['orders', 'revenue', 'items'] as const).map((m) => metric(m, q)))).toEqual(before);
    // staff edit a line (2 → 3): its event carries the lines; items and popular-items follow, revenue the new total
    const edited = (await admin.put(`/api/orders/${staff.id}/items/0`, { amount: 3 }).expect(200)).body.data;
    await waitFor(async () => (await metric('items', q)).total === 7, 10_000, 100);
    expect((await metric('popular-items', q)).breakdown).toEqual([{ key: name, value: 7, unit: 'piece' }]);
    expect((await metric('revenue', q)).total).toBe(cents(full[0]) + cents(edited));
    expect((await metric('revenue-origins', q)).breakdown).toContainEqual({ key: 'staff', value: cents(edited) });
    expect(
      await db.query(`SELECT quantity::float AS q FROM statistics.order_item_fact WHERE "orderId" = $1`, [staff.id]),
    ).toEqual([{ q: 3 }]);
    // the same edit event again changes nothing
    const [staffFact] = await db.query(`SELECT * FROM statistics.order_fact WHERE id = $1`, [staff.id]);
    await facts.apply({
      ...replay,
      id: staff.id,
      verb: 'updated',
      change: 'item-updated',
      origin: undefined,
      totalCents: Number(staffFact.totalCents),
      items: [{ productId: product, name, quantity: 3, grossCents: cents(edited) }],
    });
    expect((await metric('items', q)).total).toBe(7);
    expect((await metric('revenue', q)).total).toBe(cents(full[0]) + cents(edited));
  });

  it('answers every metric from rollups exactly as from the raw tables', async () => {
    const service = statistics.get(QueryMetric);
    const from = new Date(at('00:00'));
    const to = new Date(Date.now() + 3_600_000);
    for (const m of STATISTICS_METRICS) {
      const viaRollups = await service.aggregate(m, from, to, null, 'day');
      const viaRaw = await service.aggregate(m, from, to, null, 'day', false);
      expect({ m, ...viaRollups }).toEqual({ m, ...viaRaw });
    }
  });

  it('answers ranges whose edges cut through a visit from rollups exactly as from the raw tables', async () => {
    const service = statistics.get(QueryMetric);
    // the minutes at the edges are asked of the raw events with the visitor's earlier events of the day (EDGE_SQL):
    // edges inside Chrome's visit (10:05 '/', 10:40 store, 11:10 checkout) and Firefox's (10:20 '/', 10:21 store)
    const ranges = [
      ['10:06', '11:12'],
      ['10:20', '11:41'],
      ['10:21', '12:11'],
      ['10:30', '12:12'],
      ['10:04', '18:01'],
    ];
    for (const [a, b] of ranges)
      for (const m of STATISTICS_METRICS) {
        const viaRollups = await service.aggregate(m, new Date(at(a)), new Date(at(b)), null, 'day');
        const viaRaw = await service.aggregate(m, new Date(at(a)), new Date(at(b)), null, 'day', false);
        expect({ m, a, b, ...viaRollups }).toEqual({ m, a, b, ...viaRaw });
      }
    // 10:30–12:12: both visitors came earlier (no new one); Chrome's step to the store at 10:40 follows its '/' of
    // 10:05, before the range
    const from = new Date(at('10:30'));
    const to = new Date(at('12:12'));
    expect((await service.aggregate('unique-visitors', from, to, null, 'day')).total).toBe(0);
    expect((await service.aggregate('event-flow', from, to, null, 'day')).breakdown).toEqual([
      { key: '/ → /store/wien-innere-stadt', value: 1 },
      { key: '/store/wien-innere-stadt → /checkout', value: 1 },
    ]);
    expect((await service.aggregate('unique-visitors', new Date(at('10:19')), to, null, 'day')).total).toBe(1);
  });

  it('buckets the daylight-saving day in the shop time zone (23 hours on 29 March 2026)', async () => {
    await send({
      events: [
        // 00:30 and 23:30 Vienna time on 29 March 2026 (UTC+1 before 02:00, UTC+2 after)
        {
          type: 'pageview',
          action: '/dst',
          category: null,
          data: { path: '/dst' },
          occurredAt: '2026-03-28T23:30:00Z',
        },
        {
          type: 'pageview',
          action: '/dst',
          category: null,
          data: { path: '/dst' },
          occurredAt: '2026-03-29T21:30:00Z',
        },
        // 00:30 on 30 March
        {
          type: 'pageview',
          action: '/dst',
          category: null,
          data: { path: '/dst' },
          occurredAt: '2026-03-29T22:30:00Z',
        },
      ],
    }).expect(202);
    await waitFor(async () => (await storedCount(`action = '/dst'`)) === 3, 10_000);
    const r = await metric('page-views', 'from=2026-03-29&to=2026-03-30&interval=day');
    expect(r.from).toBe('2026-03-28T23:00:00.000Z');
    expect(r.to).toBe('2026-03-30T22:00:00.000Z');
    expect(r.series).toEqual([
      { bucket: '2026-03-28T23:00:00.000Z', value: 2 },
      { bucket: '2026-03-29T22:00:00.000Z', value: 1 },
    ]);
  });

  it('answers from daily rollups across the daylight-saving change exactly as from the raw tables', async () => {
    const service = statistics.get(QueryMetric);
    // 28 March 11:17 to 31 March 07:43 Vienna time: whole days 29 (23 hours) and 30 March from rollup_daily, the
    // hours around them from rollup_hourly, the minutes at the edges raw
    const from = new Date('2026-03-28T10:17:00Z');
    const to = new Date('2026-03-31T05:43:00Z');
    // and ranges over whole weeks (23–29 March with the 23-hour day, 30 March–5 April) and whole months (March to
    // June, with the June day's visits and orders): their top lists and grids from rollup_span; the last two's
    // grids from the cells of March and June less their hours outside the range (gridMonths: the last takes back
    // the morning of 10 June)
    const ranges = [
      [from, to],
      [new Date('2026-03-20T10:17:00Z'), new Date('2026-04-10T05:43:00Z')],
      [new Date('2026-02-20T10:17:00Z'), new Date('2026-07-15T05:43:00Z')],
      [new Date('2026-03-02T10:17:00Z'), new Date('2026-06-29T05:43:00Z')],
      [new Date('2026-06-10T12:17:00Z'), new Date('2026-06-30T05:43:00Z')],
    ];
    // all branches (rollup_span's sums over branches) and one branch (its own rows)
    const [{ branch }] = await db.query(
      `SELECT branch FROM statistics.rollup_span WHERE metric = 'pages' AND branch > 0 LIMIT 1`,
    );
    for (const [a, b] of ranges)
      for (const scope of [null, [branch as number]])
        for (const m of STATISTICS_METRICS)
          for (const interval of ['hour', 'day', 'week', 'month']) {
            const viaRollups = await service.aggregate(m, a, b, scope, interval);
            const viaRaw = await service.aggregate(m, a, b, scope, interval, false);
            expect({ m, interval, a, scope, ...viaRollups }).toEqual({ m, interval, a, scope, ...viaRaw });
          }
    // the long range has visits to compare (the orders are of today): a grid and an event flow
    const long = await service.aggregate('visitor-times', ranges[2][0], ranges[2][1], null, 'day');
    expect(long.cells.length).toBeGreaterThan(0);
    expect(
      (await service.aggregate('event-flow', ranges[2][0], ranges[2][1], null, 'day')).breakdown.length,
    ).toBeGreaterThan(0);
    expect((await service.aggregate('page-views', from, to, null, 'day')).series).toEqual([
      { bucket: '2026-03-28T23:00:00.000Z', value: 2 },
      { bucket: '2026-03-29T22:00:00.000Z', value: 1 },
    ]);
    // the daily layer rebuilt from the hourly rows (as after a change of SHOP_TIME_ZONE) equals the one kept on arrival
    const before = await db.query(
      `SELECT metric, day::text, branch, key, value::text FROM statistics.rollup_daily ORDER BY 1, 2, 3, 4`,
    );
    const hours = await db.query(
      `SELECT * FROM statistics.rollup_hourly WHERE metric LIKE '%#hours' ORDER BY 1, 2, 3, 4`,
    );
    const spans = `SELECT metric, span, start::text, branch, key, value::text FROM statistics.rollup_span ORDER BY 1, 2, 3, 4, 5`;
    const spansBefore = await db.query(spans);
    expect(spansBefore.length).toBeGreaterThan(0);
    await db.transaction((m) => new RollupRepository(db).rebuildDerived(m, 'Europe/Vienna'));
    expect(await db.query(spans)).toEqual(spansBefore);
    expect(
      await db.query(
        `SELECT metric, day::text, branch, key, value::text FROM statistics.rollup_daily ORDER BY 1, 2, 3, 4`,
      ),
    ).toEqual(before);
    expect(
      await db.query(`SELECT * FROM statistics.rollup_hourly WHERE metric LIKE '%#hours' ORDER BY 1, 2, 3, 4`),
    ).toEqual(hours);
  });

  it('purges raw events after the retention and keeps the rollups', async () => {
    const q = `from=${JUNE}&to=${JUNE}`;
    const before = await Promise.all((['page-views', 'pages', 'unique-visitors'] as const).map((m) => metric(m, q)));
    const retention = statistics.get(Retention);
    // 400 days after June 2026 the June events are older than ANALYTICS_RETENTION_DAYS (395)
    await retention.sweep(new Date('2027-07-20T00:00:00Z'));
    expect(await storedCount(`"occurredAt" >= $1 AND "occurredAt" < $2`, [at('00:00'), at('23:59')])).toBe(0);
    const after = await Promise.all((['page-views', 'pages', 'unique-visitors'] as const).map((m) => metric(m, q)));
    expect(after).toEqual(before);
  });

  it('loses no event when the statistics service is killed while batches arrive', async () => {
    const action = 'stat-test: kill';
    const batches = 30;
    const sending = (async () => {
      let accepted = 0;
      for (let i = 0; i < batches; i++) {
        const res = await send({
          events: Array.from({ length: 10 }, (_, j) => ({
            type: 'pageview',
            action,
            category: null,
            data: { path: `/kill/${i}/${j}` },
            occurredAt: '2026-07-01T08:00:00Z',
          })),
        });
        if (res.status === 202) accepted += res.body.data.accepted;
        await new Promise((r) => setTimeout(r, 10));
      }
      return accepted;
    })();
    await new Promise((r) => setTimeout(r, 80));
    await statistics.close();
    const accepted = await sending;
    expect(accepted).toBe(batches * 10);
    const config = loadStatisticsConfig(stack.env);
    statistics = configureMicroservice(
      await NestFactory.createMicroservice(StatisticsModule.forRoot(config), {
        strategy: busServerFor('statistics', config),
        logger: false,
      }),
    );
    await statistics.listen();
    stack.statistics = statistics;
    // a batch the killed instance had pulled but not acknowledged comes again after the consumer's ack wait (30 s)
    await waitFor(async () => (await storedCount('action = $1', [action])) === accepted, 60_000, 200);
    // and every event counted once in the rollups
    const r = await metric('page-views', 'from=2026-07-01&to=2026-07-01');
    expect(r.total).toBe(accepted);
  }, 90_000);

  it('scopes employees to their branch; anonymous callers get 401', async () => {
    await request(stack.baseUrl).get(`/api/statistics/orders?from=2026-01-01&to=2026-12-31`).expect(401);
    const own = employee.user.branches.map((b) => b.id);
    const foreign = [branchId, otherBranchId].find((id) => !own.includes(id))!;
    await employee.get(`/api/statistics/orders?from=2026-01-01&to=2030-12-31&branch=${foreign}`).expect(403);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(new Date());
    const all = await metric('orders', `from=${today}&to=${today}`);
    const mine = await metric('orders', `from=${today}&to=${today}`, employee);
    expect(all.total).toBe(3);
    expect(mine.total).toBe(own.includes(branchId) ? 3 : 0);
    await admin.get(`/api/statistics/no-such-metric?from=${today}&to=${today}`).expect(404);
    const bad = await admin.get(`/api/statistics/orders?from=gestern&to=${today}`).expect(422);
    expect(JSON.stringify(bad.body)).toContain('from');
  });

  it('answers the user profile: worked, planned and balance hours, and the working activities per day', async () => {
    const work = statistics.get(WorkPeriodsService);
    const user = employee.user.id;
    // planned 08:00–16:00 on 2 and 3 March 2026; worked 08:00–12:30 on 2 March and 09:00–17:00 on 3 March
    // source ids far above the ones the clock test below makes (the feed would replace the same ids)
    const period = (kind: 'activity' | 'schedule', id: number, start: string, end: string) =>
      work.apply({ kind, id, user, branch: branchId, segments: [{ start, end }] });
    await period('schedule', 900_001, '2026-03-02T07:00:00Z', '2026-03-02T15:00:00Z');
    await period('schedule', 900_002, '2026-03-03T07:00:00Z', '2026-03-03T15:00:00Z');
    await period('activity', 900_001, '2026-03-02T07:00:00Z', '2026-03-02T11:30:00Z');
    await period('activity', 900_002, '2026-03-03T08:00:00Z', '2026-03-03T16:00:00Z');
    const profile = (
      await employee
        .get(
          `/api/statistics/user-profile?user=${user}&start=2026-03-02&now=2026-03-03T00:00:00%2B01:00&end=2026-03-03`,
        )
        .expect(200)
    ).body.data;
    expect(profile).toMatchObject({ workedHours: 4.5, plannedHours: 16, plannedHoursUntilNow: 8, balanceHours: -3.5 });
    const days = (
      await employee
        .get(`/api/statistics/user-profile-working-activities?user=${user}&start=2026-03-01&end=2026-03-31`)
        .expect(200)
    ).body.data;
    expect(days).toMatchObject({
      totalHours: 12.5,
      days: [
        { day: '2026-03-02', hours: 4.5 },
        { day: '2026-03-03', hours: 8 },
      ],
    });
    await employee.get(`/api/statistics/user-profile?user=${user + 1000}&start=2026-03-02&end=2026-03-03`).expect(403);
    const worked = await metric('working-activities', `from=2026-03-02&to=2026-03-03&branch=${branchId}`);
    expect(worked.total).toBe(12.5);
    expect(worked.unit).toBe('hours');
    expect((await metric('working-schedules', `from=2026-03-02&to=2026-03-02&branch=${branchId}`)).total).toBe(8);
  });

  it('keeps the work rollups equal to the periods while an activity runs, ends, is corrected, repeated and deleted', async () => {
    const work = statistics.get(WorkPeriodsService);
    const service = statistics.get(QueryMetric);
    const user = employee.user.id;
    // 10 April 2026, source ids of this test alone; asked 09:17 to 14:43 (rollups for 10:00–14:00, the minutes raw)
    const from = new Date('2026-04-10T09:17:00Z');
    const to = new Date('2026-04-10T14:43:00Z');
    const activity = (...segments: Array<[string, string | null]>) =>
      work.apply({
        kind: 'activity',
        id: 910_001,
        user,
        branch: branchId,
        segments: segments.map(([s, e]) => ({ start: `2026-04-10T${s}:00Z`, end: e && `2026-04-10T${e}:00Z` })),
      });
    const both = async () => {
      const viaRollups = await service.aggregate('working-activities', from, to, [branchId], 'hour');
      expect(viaRollups).toEqual(await service.aggregate('working-activities', from, to, [branchId], 'hour', false));
      return viaRollups;
    };
    const kept = async () =>
      (
        await db.query(
          `SELECT coalesce(sum(value), 0)::float AS s FROM statistics.rollup_hourly
           WHERE metric = 'working-activities' AND key = $1 AND hour >= '2026-04-10' AND hour < '2026-04-11'`,
          [String(user)],
        )
      )[0].s;

    // running since 09:30 (in no rollup: asked of the period itself, up to the range's end)
    await activity(['09:30', null]);
    expect(await kept()).toBe(0);
    expect((await both()).total).toBe(5.217);
    // ended at 13:15 after a pause 11:00–11:30: 3.25 hours, in the rollups to the second
    await activity(['09:30', '11:00'], ['11:30', '13:15']);
    expect(await kept()).toBe(3.25 * 3600);
    const ended = await both();
    expect(ended.total).toBe(3.25);
    expect(ended.series.map((b) => b.value)).toEqual([0.5, 1, 0.5, 1, 0.25]);
    // the same state again (a redelivered event) counts nothing twice
    await activity(['09:30', '11:00'], ['11:30', '13:15']);
    expect(await kept()).toBe(3.25 * 3600);
    // corrected: no pause, ended at 14:00
    await activity(['09:30', '14:00']);
    expect((await both()).total).toBe(4.5);
    expect(await kept()).toBe(4.5 * 3600);
    await work.remove('activity', 910_001);
    expect(await kept()).toBe(0);
    expect((await both()).total).toBe(0);
  });

  it('builds the hourly work rollups of the periods kept before it as the service keeps them (migration 1796300000000)', async () => {
    const hourly = () =>
      db.query(
        `SELECT metric, hour, branch, key, value::text FROM statistics.rollup_hourly
         WHERE metric LIKE 'working-%' AND value <> 0 ORDER BY 1, 2, 3, 4`,
      );
    const kept = await hourly();
    // the user profile test's shifts and activities at least
    expect(kept.length).toBeGreaterThan(10);
    const migration = new StatisticsWorkRollups1796300000000();
    const runner = db.createQueryRunner();
    try {
      await migration.down(runner);
      expect(await hourly()).toEqual([]);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    // the service's start builds the daily, span and keyless layers again (the migration cleared the zone)
    await db.transaction((m) => new RollupRepository(db).rebuildDerived(m, 'Europe/Vienna'));
    expect(await hourly()).toEqual(kept);
  });

  it('counts a clocked activity from the TIME_TRACKING events: net of its pause, once, and a schedule until it is deleted', async () => {
    const user = employee.user.id;
    const branch = employee.user.branches[0].id;
    // three days back on a whole hour (the clock takes a terminal's device time up to 7 days back)
    const base = Math.floor((Date.now() - 3 * 86_400_000) / 3_600_000) * 3_600_000;
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    const clock = (action: string, minutes: number) =>
      employee
        .post(`/api/time-tracking/working-activities/${action}`, { branch, at: at(minutes) })
        .expect(200)
        .then((r) => r.body.data);
    const started = await clock('start', 0);
    await clock('pause', 120);
    await clock('resume', 150);
    await clock('end', 240);
    const window = `from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(300))}&branch=${branch}`;
    // 4 hours with a 30-minute pause: 3.5 hours worked, in the hours they were worked
    const worked = await waitFor(async () => {
      const m = await metric('working-activities', window);
      return m.total === 3.5 ? m : null;
    }, 15_000);
    expect(worked.breakdown).toEqual([expect.objectContaining({ key: String(user), value: 3.5 })]);
    const hourly = await metric('working-activities', `${window}&interval=hour`);
    expect(hourly.series.map((b) => b.value)).toEqual([1, 1, 0.5, 1]);

    // a redelivered event changes nothing
    const work = statistics.get(WorkPeriodsService);
    const payload = { id: started.current.id, user, branch, action: 'end' as const, at: at(240) };
    await work.follow({ name: 'time-tracking.working-activity.ended', payload });
    await work.follow({ name: 'time-tracking.working-activity.ended', payload });
    expect((await metric('working-activities', window)).total).toBe(3.5);
    const rows = await db.query(
      `SELECT count(*)::int AS n FROM statistics.work_period WHERE kind = 'activity' AND "sourceId" = $1`,
      [started.current.id],
    );
    expect(rows[0].n).toBe(2);

    // a planned shift (8:30 with a 30-minute break: 8 hours) counts until it is deleted
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(new Date(base - 86_400_000));
    const shift = (
      await admin
        .post('/api/working-schedules', {
          user,
          branch,
          date,
          start: '06:00',
          end: '14:30',
          breakMinutes: 30,
          note: null,
        })
        .expect(201)
    ).body.data;
    const planned = async () => (await metric('working-schedules', `from=${date}&to=${date}&branch=${branch}`)).total;
    await waitFor(async () => (await planned()) === 8, 15_000);
    await admin.delete(`/api/working-schedules/${shift.id}`).expect(200);
    await waitFor(async () => (await planned()) === 0, 15_000);
  });
});
