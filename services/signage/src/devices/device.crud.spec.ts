import type { ListReply, SignageDevice } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { branchContext, busStandIn } from '../../test/bus-stand-in.js';
import { addScene, addStream, addTv, admin, employee, signageTestDatabase } from '../../test/signage-test-database.js';
import { deviceCrud } from './device.crud.js';
import { SignageDeviceEntity } from './device.entity.js';

/** The rules `create` and `update` check before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);
const OFFLINE_AFTER_MS = 60_000;

describe('signage devices CRUD rules (real Postgres, the catalogue on real NATS)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let standIn: Awaited<ReturnType<typeof busStandIn>>;
  let crud: CrudService<SignageDeviceEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('signage_devices'));
    standIn = await busStandIn();
    for (const branch of [1, 2]) standIn.answers.contexts.set(branch, branchContext(branch));
    crud = new CrudService(deviceCrud(standIn.bus, OFFLINE_AFTER_MS), ds, {
      kick: () => Promise.resolve(),
    }) as CrudService<SignageDeviceEntity, unknown>;
  });
  afterAll(async () => {
    await standIn.close();
    await close();
  });

  const ids = async (actor: typeof admin, query: Record<string, string> = {}) =>
    ((await crud.list(actor, { query: { perPage: '500', ...query } })) as ListReply<SignageDevice>).items
      .map((d) => d.id)
      .sort((a, b) => a - b);

  it('administrators create a TV with a generated key, shown once in the create answer; an update without a key keeps it', async () => {
    const created = (await crud.create(admin, {
      body: { identifier: 'tv-eingang', name: 'Eingang', branch: 1 },
    })) as SignageDevice & { key: string };
    expect(created).toMatchObject({ branch: 1, scene: null, isEnabled: true, status: 'offline', command: null });
    expect(created.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // issue 42: neither employees nor administrators read it again (detail, list, update answer)
    expect(await crud.get(employee, { identifier: 'tv-eingang' })).not.toHaveProperty('key');
    expect(await crud.get(admin, { identifier: 'tv-eingang' })).not.toHaveProperty('key');
    const listed = (await crud.list(admin, { query: { search: 'tv-eingang' } })) as ListReply<SignageDevice>;
    expect(listed.items.map((d) => d.id)).toEqual([created.id]);
    expect(listed.items[0]).not.toHaveProperty('key');
    const renamed = await crud.update(admin, {
      id: created.id,
      body: { identifier: 'tv-eingang', name: 'Eingang links', branch: 1 },
    });
    expect(renamed).toMatchObject({ name: 'Eingang links' });
    expect(renamed).not.toHaveProperty('key');
    expect((await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: created.id })).key).toBe(created.key);
    const chosen = 'k'.repeat(40);
    await crud.update(admin, { id: created.id, body: { identifier: 'tv-eingang', name: 'E', branch: 1, key: chosen } });
    expect((await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: created.id })).key).toBe(chosen);
    await expect(
      crud.create(admin, { body: { identifier: 'tv-eingang', name: 'Zweiter', branch: 2 } }),
    ).rejects.toMatchObject({ code: 'DUPLICATE', errors: [{ field: 'identifier' }] });
  });

  it("names a branch the catalogue does not know and a scene that does not exist, in German; the catalogue's answer is asked per write", async () => {
    standIn.answers.asked.length = 0;
    await expect(
      crud.create(admin, { body: { identifier: 'tv-nirgends', name: 'X', branch: 999_999, scene: 999_998 } }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'scene', message: 'Szene mit der ID 999998 wurde nicht gefunden.' },
        { field: 'branch', message: 'Filiale mit der ID 999999 wurde nicht gefunden.' },
      ],
    });
    expect(standIn.answers.asked).toEqual(['catalogue.order.context:999999']);
    expect(await ds.getRepository(SignageDeviceEntity).existsBy({ identifier: 'tv-nirgends' })).toBe(false);
  });

  it('employees read the TVs of their branches only and write none; visitors read nothing', async () => {
    const mine = await addTv(ds, { branchId: 1 });
    const theirs = await addTv(ds, { branchId: 2 });
    const seen = await ids(employee);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(theirs.id);
    await expect(crud.get(employee, { id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const body = { identifier: mine.identifier, name: 'Nein', branch: 1 };
    await expect(crud.update(employee, { id: mine.id, body })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      attempt(() => crud.create(employee, { body: { ...body, identifier: 'tv-neu' } })),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(crud.delete(employee, { id: mine.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(attempt(() => crud.list(null, { query: {} }))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const noBranches = { ...employee, branches: [] };
    expect(await ids(noBranches)).toEqual([]);
  });

  it('filters by branch, scene, enabled and status (online while the last heartbeat is younger than the limit)', async () => {
    const scene = await addScene(ds, [(await addStream(ds, [])).id]);
    const online = await addTv(ds, { branchId: 2, sceneId: scene.id, lastSeenAt: new Date(Date.now() - 5_000) });
    const stale = await addTv(ds, { branchId: 2, lastSeenAt: new Date(Date.now() - 2 * OFFLINE_AFTER_MS) });
    const off = await addTv(ds, { branchId: 2, isEnabled: false });
    const all = await ids(admin, { branch: '2' });
    expect(all).toEqual(expect.arrayContaining([online.id, stale.id, off.id]));
    expect(await ids(admin, { scene: String(scene.id) })).toEqual([online.id]);
    expect(await ids(admin, { status: 'online' })).toEqual([online.id]);
    expect(await ids(admin, { status: 'offline', branch: '2' })).toEqual(all.filter((id) => id !== online.id));
    expect(await ids(admin, { isEnabled: 'false' })).toEqual([off.id]);
    expect(await crud.get(admin, { id: online.id })).toMatchObject({ status: 'online' });
    expect(await crud.get(admin, { id: stale.id })).toMatchObject({ status: 'offline' });
  });
});
