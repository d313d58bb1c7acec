import { OutboxEntity } from '@shop/server';
import type { DataSource } from 'typeorm';
import { admin, attempt, catalogueTestDatabase, employeeOf } from '../../test/catalogue-test-database.js';
import { ShopConfigService } from './shop-config.service.js';

describe('shop configuration (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let service: ShopConfigService;
  const relay = { kicks: 0, kick: () => Promise.resolve(void relay.kicks++) };
  beforeAll(async () => {
    ({ ds, close } = await catalogueTestDatabase('catalogue_config'));
    service = new ShopConfigService(ds, relay);
  });
  afterAll(() => close());

  const events = async () =>
    (await ds.getRepository(OutboxEntity).find({ order: { id: 'ASC' } })).map((r) => ({
      subject: r.subject,
      payload: r.payload,
    }));

  it('an unconfigured shop answers every field at its default', async () => {
    expect(await service.get()).toMatchObject({
      shopName: 'Shop',
      currency: 'EUR',
      timezone: 'Europe/Vienna',
      locale: 'de-AT',
      updatedAt: new Date(0).toISOString(),
    });
  });

  it('administrators save it, with defaults filled in and an event in the same transaction; others may not', async () => {
    await expect(attempt(() => service.save(employeeOf(1), { shopName: 'Nein' }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(attempt(() => service.save(null, { shopName: 'Nein' }))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(await events()).toEqual([]);
    const saved = await service.save(admin, { shopName: 'Bäckerei Huber', city: 'Linz' });
    expect(saved).toMatchObject({ shopName: 'Bäckerei Huber', city: 'Linz', currency: 'EUR' });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(0);
    expect(await service.get()).toMatchObject({ shopName: 'Bäckerei Huber', city: 'Linz' });
    expect(await events()).toEqual([
      {
        subject: 'catalogue.config.updated',
        payload: expect.objectContaining({ entity: 'config', id: 1, verb: 'updated' }),
      },
    ]);
    expect(relay.kicks).toBe(1);
    // saving again replaces the whole configuration (a field left out returns to its default)
    expect(await service.save(admin, { shopName: 'Huber' })).toMatchObject({ shopName: 'Huber', city: null });
  });

  it('refuses bad input in German and keeps what was saved', async () => {
    const before = await service.get();
    await expect(attempt(() => service.save(admin, { shopName: '', currency: 'euro' }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'shopName', message: 'Dieser Wert sollte nicht leer sein.' },
        { field: 'currency', message: 'Dieser Wert ist nicht gültig.' },
      ],
    });
    expect(await service.get()).toEqual(before);
  });
});
