import { STATISTICS_METRICS, type StatisticsReply } from '@shop/contracts';
import { waitFor } from '@shop/testing';
import request from 'supertest';
import { OrderFactsService } from '../../services/statistics/src/orders/order-facts.service.js';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

/**
 * Issue 41 through the gateway: a manager's whole month — every metric for November 2026 compared with the 30 days
 * before (the 500 of `column "dow" does not exist` gone), the items per unit, and bad input answered with a German
 * field error instead of a 500.
 */
describe('statistics of a whole month (issue 41)', () => {
  let stack: Stack;
  let admin: StaffClient;

  beforeAll(async () => {
    stack = await startStack('statsmonth', {});
    await stack.seed();
    admin = await login(stack, ADMIN);
    // orders of October and November as the order events bring them (the lines with their units)
    const facts = stack.statistics.get(OrderFactsService);
    const order = (
      id: number,
      at: string,
      items: Array<[string, number, 'piece' | 'gram' | 'kilogram' | 'liter']>,
    ) => ({
      id,
      uid: `month-${id}`,
      branch: 1,
      verb: 'created' as const,
      change: 'created',
      at,
      createdAt: at,
      origin: 'storefront' as const,
      totalCents: 1000,
      canceled: false,
      items: items.map(([name, quantity, unit]) => ({ productId: 1, name, quantity, grossCents: 500, unit })),
    });
    await facts.applyAll([
      order(900_001, '2026-10-25T01:30:00Z', [['Butterkipferl', 3, 'piece']]),
      order(900_002, '2026-11-02T09:15:00Z', [
        ['Bergkäse', 250, 'gram'],
        ['Butterkipferl', 4, 'piece'],
      ]),
      order(900_003, '2026-11-30T18:00:00Z', [
        ['Bergkäse', 4.801, 'kilogram'],
        ['Milch', 1, 'liter'],
      ]),
    ]);
    // a visit on 3 November (Tuesday), 11:00 and 12:10 in Vienna
    await request(stack.baseUrl)
      .post('/api/analytics-log')
      .set('Host', 'localhost')
      .set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')
      .send({
        events: [
          { type: 'pageview', action: '/', category: null, data: { path: '/' }, occurredAt: '2026-11-03T10:00:00Z' },
          {
            type: 'pageview',
            action: '/menu',
            category: null,
            data: { path: '/menu' },
            occurredAt: '2026-11-03T11:10:00Z',
          },
        ],
      })
      .expect(202);
  }, STACK_START_MS);
  afterAll(async () => {
    await stack?.close();
  }, STACK_CLOSE_MS);

  const month = 'from=2026-11-01&to=2026-11-30&compare=previous';
  const metric = async (name: string, query: string) =>
    (await admin.get(`/api/statistics/${name}?${query}`).expect(200)).body.data as StatisticsReply;

  it('answers every metric for 01.11.–30.11. with October before it, the grid of visits and orders included', async () => {
    await waitFor(async () => (await metric('visitor-times', month)).total === 2, 10_000, 100);
    for (const name of STATISTICS_METRICS) {
      const reply = await metric(name, month);
      expect({ name, from: reply.from, to: reply.to, previous: reply.previous?.from }).toEqual({
        name,
        from: '2026-10-31T23:00:00.000Z',
        to: '2026-11-30T23:00:00.000Z',
        previous: '2026-09-30T22:00:00.000Z',
      });
    }
    expect((await metric('order-times', month)).cells).toEqual([
      { weekday: 1, hour: 10, value: 1 },
      { weekday: 1, hour: 19, value: 1 },
    ]);
    expect((await metric('visitor-times', month)).cells).toEqual([
      { weekday: 2, hour: 11, value: 1 },
      { weekday: 2, hour: 12, value: 1 },
    ]);
    expect((await metric('orders', month)).previous).toEqual({
      from: '2026-09-30T22:00:00.000Z',
      to: '2026-10-31T23:00:00.000Z',
      total: 1,
    });
  });

  it('counts the items per unit and never adds grams to pieces', async () => {
    const items = await metric('items', month);
    expect(items).toMatchObject({
      unit: 'quantity',
      total: 4,
      totals: [
        { unit: 'piece', value: 4 },
        { unit: 'gram', value: 5051 },
        { unit: 'milliliter', value: 1000 },
      ],
      previous: { total: 3, totals: [{ unit: 'piece', value: 3 }] },
    });
    expect((await metric('popular-items', month)).breakdown).toEqual([
      { key: 'Butterkipferl', value: 4, unit: 'piece' },
      { key: 'Bergkäse', value: 5051, unit: 'gram' },
      { key: 'Milch', value: 1000, unit: 'milliliter' },
    ]);
  });

  it('answers bad input with a German field error, never a 500', async () => {
    const bad = async (query: string, status: number) =>
      (await admin.get(`/api/statistics/orders?${query}`).expect(status)).body.errors[0] as {
        field: string;
        message: string;
      };
    expect(await bad('from=2026-11-30&to=2026-11-01', 400)).toEqual({
      field: 'to',
      message: 'Das Ende des Zeitraums muss nach seinem Beginn liegen.',
    });
    expect(await bad('from=2000-01-01&to=2026-11-30', 400)).toMatchObject({ field: 'to' });
    expect(await bad('from=0001-01-01&to=0001-01-31', 400)).toMatchObject({ field: 'from' });
    expect(await bad('from=2026-01-01&to=2026-11-30&interval=hour', 400)).toMatchObject({ field: 'interval' });
    expect(await bad('from=2026-11-01&to=2026-11-30&branch=99999999999', 422)).toMatchObject({ field: 'branch' });
    expect(await bad('from=2026-11-01&to=2026-11-30&compare=next', 422)).toMatchObject({ field: 'compare' });
    expect(await bad('from=2026-11-01&to=2026-02-30', 422)).toMatchObject({ field: 'to' });
  });
});
