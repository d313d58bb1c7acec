import { ConfigError, DomainException } from '@shop/server';
import type { DataSource } from 'typeorm';
import { catalogueOf, orderContext, orderKit, type OrderKit } from '../../test/order-fixtures.js';
import { addDevice, orderTestDatabase, silentLogger } from '../../test/order-test-database.js';
import type { CatalogueContextCache } from '../catalogue-context/catalogue-context.cache.js';
import { loadOrderConfig } from '../config/order-config.js';
import { DeviceQueueEntity } from '../devices/device-queue.entity.js';
import { OrderEntity } from '../orders/order.entity.js';
import { OrderRetention, retentionCutoff } from './order-retention.js';
import { OrderRetentionRepository } from './order-retention.repository.js';

const config = (env: Record<string, string> = {}) => loadOrderConfig({ DATABASE_URL: 'postgres://unused', ...env });

describe('ORDER_RETENTION_YEARS', () => {
  it('keeps orders 7 years in Austria and 10 in Germany and everywhere else unless configured', () => {
    expect(config().ORDER_RETENTION_YEARS).toEqual({ AT: 7, DE: 10, '*': 10 });
    expect(config({ ORDER_RETENTION_YEARS: ' at:7, ch:10 ,*:8' }).ORDER_RETENTION_YEARS).toEqual({
      AT: 7,
      CH: 10,
      '*': 8,
    });
  });

  it('refuses to start without a period for every other country, or with an entry it cannot read', () => {
    expect(() => config({ ORDER_RETENTION_YEARS: 'AT:7,DE:10' })).toThrow(ConfigError);
    expect(() => config({ ORDER_RETENTION_YEARS: 'AT:7,*:zehn' })).toThrow(/ORDER_RETENTION_YEARS/);
    expect(() => config({ ORDER_RETENTION_YEARS: 'AT:0,*:10' })).toThrow(ConfigError);
  });
});

describe('retentionCutoff', () => {
  it('ends the period with the calendar year: in 2026 the records of 2018 and before have outlived 7 years', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    // the new year 2019 begins first at UTC+14: an Austrian order of New Year's Eve 2018 is kept until 2026
    expect(retentionCutoff(now, 7).toISOString()).toBe('2018-12-31T10:00:00.000Z');
    expect(retentionCutoff(now, 10).toISOString()).toBe('2015-12-31T10:00:00.000Z');
  });
});

describe('OrderRetention (real Postgres)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  /** the catalogue knows branch 1 (Austria) and 2 (Germany); branch 9 was deleted since */
  const catalogue = catalogueOf(orderContext(1), orderContext(2, { branch: { country: 'DE' } }));
  const retention = (c: CatalogueContextCache = catalogue) =>
    new OrderRetention(new OrderRetentionRepository(ds), c, config(), silentLogger());
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('order_retention'));
    kit = orderKit(ds, {
      contexts: [
        orderContext(1, { branch: { printOn: 'created' } }),
        orderContext(2, { branch: { country: 'DE' } }),
        orderContext(9),
      ],
    });
  });
  afterAll(() => close());

  /** an order of the branch placed at that time (and the customer's country) */
  async function placedAt(branch: number, at: string, country = 'AT'): Promise<number> {
    const { id } = await kit.place(branch, { country });
    await ds.getRepository(OrderEntity).update(id, { createdAt: new Date(at) });
    return id;
  }
  const remaining = async () => (await ds.getRepository(OrderEntity).find({ order: { id: 'ASC' } })).map((o) => o.id);

  it("deletes the orders past their country's tax period with their lines, receipts and jobs, and keeps the rest", async () => {
    const austrianOld = await placedAt(1, '2018-12-30T12:00:00Z');
    const austrianKept = await placedAt(1, '2019-01-02T12:00:00Z');
    const germanKept = await placedAt(2, '2017-06-01T12:00:00Z');
    const germanOld = await placedAt(2, '2015-06-01T12:00:00Z');
    // the catalogue no longer knows branch 9: the customer's country decides, else every other country's period
    const customerAustrian = await placedAt(9, '2018-06-01T12:00:00Z', 'AT');
    const customerSwiss = await placedAt(9, '2018-06-01T12:00:00Z', 'CH');
    const printer = await addDevice(ds, { branchId: 1 });
    await ds.getRepository(DeviceQueueEntity).save(
      [austrianOld, austrianKept].map((orderId) => ({
        deviceId: printer.id,
        jobKey: `print-${orderId}-created`,
        orderId,
        documents: { 'text/plain': 'Beleg' },
        token: `token-${orderId}`,
      })),
    );
    await ds.query(`INSERT INTO "order"."job_completion" ("jobId") VALUES ($1), ($2)`, [
      `email-${austrianOld}-created`,
      `email-${austrianKept}-created`,
    ]);

    await expect(retention().sweep(now)).resolves.toBe(3);

    expect(await remaining()).toEqual([austrianKept, germanKept, customerSwiss]);
    const left = async (sql: string) => (await ds.query(sql)).map((r: { id: number }) => Number(r.id));
    expect(await left(`SELECT DISTINCT "orderId" AS id FROM "order"."order_item" ORDER BY 1`)).toEqual([
      austrianKept,
      germanKept,
      customerSwiss,
    ]);
    expect(await left(`SELECT "orderId" AS id FROM "order"."device_queue"`)).toEqual([austrianKept]);
    const jobOrders = await left(
      `SELECT DISTINCT (payload->'data'->>'orderId')::int AS id FROM "order"."outbox" WHERE subject LIKE 'job.%' ORDER BY 1`,
    );
    expect(jobOrders).toEqual([austrianKept, germanKept, customerSwiss]);
    expect(await ds.query(`SELECT "jobId" FROM "order"."job_completion"`)).toEqual([
      { jobId: `email-${austrianKept}-created` },
    ]);
    expect([germanOld, customerAustrian].some((id) => jobOrders.includes(id))).toBe(false);

    // a second sweep finds nothing more
    await expect(retention().sweep(now)).resolves.toBe(0);
  });

  it('deletes nothing while the catalogue cannot say which country a branch is in', async () => {
    const old = await placedAt(2, '2014-06-01T12:00:00Z');
    const unavailable = {
      get: () => Promise.reject(DomainException.of('SERVICE_UNAVAILABLE', 'http.serviceUnavailable')),
    } as unknown as CatalogueContextCache;
    await expect(retention(unavailable).sweep(now)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await remaining()).toContain(old);
    await expect(retention().sweep(now)).resolves.toBe(1);
  });
});
