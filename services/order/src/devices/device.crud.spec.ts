import type { Device, ListReply } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { admin, catalogueOf, employeeOf, orderContext } from '../../test/order-fixtures.js';
import { addDevice, orderTestDatabase } from '../../test/order-test-database.js';
import { deviceCrud } from './device.crud.js';
import { DeviceEntity } from './device.entity.js';

/** The rules `create` checks before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);
const body = (o: Record<string, unknown> = {}) => ({
  identifier: 'drucker-kueche',
  name: 'Küche',
  type: 'printer',
  branch: 1,
  protocol: 'cloudprnt',
  ...o,
});

describe('order devices CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<DeviceEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('order_devices'));
    crud = new CrudService(deviceCrud(catalogueOf(orderContext(1), orderContext(2))), ds, {
      kick: () => Promise.resolve(),
    }) as CrudService<DeviceEntity, unknown>;
  });
  afterAll(() => close());

  const ids = async (actor: Parameters<typeof crud.list>[0], query: Record<string, string> = {}) =>
    ((await crud.list(actor, { query: { perPage: '500', ...query } })) as ListReply<Device>).items
      .map((d) => d.id)
      .sort((a, b) => a - b);

  it('administrators create a device with a generated key that only they read; an update without a key keeps it', async () => {
    const created = (await crud.create(admin, { body: body() })) as Device & { apiKey: string };
    expect(created).toMatchObject({ branch: 1, lastSeenAt: null, lastStatus: null, isOnline: false });
    expect(created.apiKey).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(await crud.get(employeeOf(1), { identifier: 'drucker-kueche' })).not.toHaveProperty('apiKey');
    const renamed = (await crud.update(admin, { id: created.id, body: body({ name: 'Küche 2' }) })) as Device & {
      apiKey: string;
    };
    expect(renamed).toMatchObject({ name: 'Küche 2', apiKey: created.apiKey });
    await expect(crud.create(admin, { body: body({ branch: 2 }) })).rejects.toMatchObject({
      code: 'DUPLICATE',
      errors: [{ field: 'identifier' }],
    });
  });

  it('names a branch the catalogue does not know, in German; nothing is written', async () => {
    await expect(crud.create(admin, { body: body({ identifier: 'nirgends', branch: 99 }) })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'branch', message: 'Filiale mit der ID 99 wurde nicht gefunden.' }],
    });
    expect(await ds.getRepository(DeviceEntity).existsBy({ identifier: 'nirgends' })).toBe(false);
  });

  it("employees read their branches' devices only and write none; visitors read nothing", async () => {
    const mine = await addDevice(ds, { branchId: 1 });
    const theirs = await addDevice(ds, { branchId: 2 });
    const seen = await ids(employeeOf(1));
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(theirs.id);
    await expect(crud.get(employeeOf(1), { id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      crud.update(employeeOf(1), { id: mine.id, body: body({ identifier: mine.identifier }) }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      attempt(() => crud.create(employeeOf(1), { body: body({ identifier: 'neu' }) })),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(crud.delete(employeeOf(1), { id: mine.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(attempt(() => crud.list(null, { query: {} }))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await ids(employeeOf())).toEqual([]);
  });

  it('filters by branch and type', async () => {
    const printer = await addDevice(ds, { branchId: 2, type: 'printer' });
    const bell = await addDevice(ds, { branchId: 2, type: 'notification' });
    expect(await ids(admin, { branch: '2', type: 'notification' })).toEqual([bell.id]);
    expect(await ids(admin, { branch: '2' })).toEqual(expect.arrayContaining([printer.id, bell.id]));
    expect(await ids(admin, { branch: '1' })).not.toContain(printer.id);
  });
});
