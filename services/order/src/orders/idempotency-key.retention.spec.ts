import type { DataSource } from 'typeorm';
import { orderTestDatabase } from '../../test/order-test-database.js';
import { loadOrderConfig } from '../config/order-config.js';
import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import { IdempotencyKeyRetention } from './idempotency-key.retention.js';

describe('IdempotencyKeyRetention (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('order_idempotency_retention'));
  });
  afterAll(() => close());

  it('deletes keys older than IDEMPOTENCY_TTL_HOURS (they replay nothing any more) and keeps the rest', async () => {
    const now = new Date();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    const key = (k: string, createdAt: Date) => ({ key: k, requestHash: 'h', status: 201, response: {}, createdAt });
    await ds
      .getRepository(IdempotencyKeyEntity)
      .save([key('old-1', hoursAgo(25)), key('old-2', hoursAgo(100)), key('new', hoursAgo(23))]);
    const config = loadOrderConfig({ DATABASE_URL: 'postgres://unused', IDEMPOTENCY_TTL_HOURS: '24' });
    const retention = new IdempotencyKeyRetention(ds, config);
    await expect(retention.sweep(now)).resolves.toBe(2);
    expect((await ds.getRepository(IdempotencyKeyEntity).find()).map((k) => k.key)).toEqual(['new']);
  });
});
