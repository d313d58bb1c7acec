import type { Actor, ListReply, Scene } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import {
  addScene,
  addSegment,
  addStream,
  addTv,
  admin,
  employee,
  signageTestDatabase,
} from '../../test/signage-test-database.js';
import { sceneCrud } from './scene.crud.js';
import type { SceneEntity } from './scene.entity.js';

/** The rules `create` and `update` check before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('scenes CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<SceneEntity, unknown>;
  let stream: number;
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('signage_scenes'));
    crud = new CrudService(sceneCrud, ds, { kick: () => Promise.resolve() }) as CrudService<SceneEntity, unknown>;
    stream = (await addStream(ds, [(await addSegment(ds)).id])).id;
  });
  afterAll(() => close());

  const body = (o: Record<string, unknown> = {}) => ({
    path: '/theke',
    name: 'Theke',
    regions: [{ name: 'Vollbild', x: 0, y: 0, width: 100, height: 100, stream }],
    ...o,
  });

  it('staff read, administrators write; a visitor is asked to sign in', async () => {
    const scene = await addScene(ds, [stream]);
    expect(await crud.get(employee, { id: scene.id })).toMatchObject({ id: scene.id, path: scene.path });
    await expect(attempt(() => crud.list(null, { query: {} }))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const customer: Actor = { id: 3, username: 'kunde', roles: [], branches: [] };
    await expect(attempt(() => crud.list(customer, { query: {} }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(attempt(() => crud.create(employee, { body: body({ path: '/mitarbeiter' }) }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      errors: [{ message: 'Keine Rechte, um die Ressource anzufragen.' }],
    });
    await expect(
      attempt(() => crud.update(employee, { id: scene.id, body: body({ path: scene.path }) })),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(attempt(() => crud.delete(employee, { id: scene.id }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await ds.getRepository(sceneCrud.target).existsBy({ id: scene.id })).toBe(true);
  });

  it('is found by its path with or without the leading slash; the path is unique', async () => {
    const created = (await crud.create(admin, { body: body({ path: '/filiale/eingang' }) })) as Scene;
    for (const identifier of ['/filiale/eingang', 'filiale/eingang'])
      expect(await crud.get(employee, { identifier })).toMatchObject({ id: created.id, background: '#000000' });
    await expect(crud.get(admin, { identifier: 'nirgendwo' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      errors: [{ message: 'Szene wurde nicht gefunden.' }],
    });
    await expect(crud.create(admin, { body: body({ path: '/filiale/eingang' }) })).rejects.toMatchObject({
      code: 'DUPLICATE',
      errors: [{ field: 'path', message: 'Dieser Wert wird bereits verwendet.' }],
    });
  });

  it('names the region whose stream does not exist, in German; nothing is written', async () => {
    const before = await ds.getRepository(sceneCrud.target).count();
    const regions = [body().regions[0], { name: 'Rand', x: 0, y: 0, width: 10, height: 10, stream: 999_999 }];
    await expect(crud.create(admin, { body: body({ path: '/kaputt', regions }) })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'regions.1.stream', message: 'Stream mit der ID 999999 wurde nicht gefunden.' }],
    });
    expect(await ds.getRepository(sceneCrud.target).count()).toBe(before);
  });

  it('lists the scenes that play a stream (?stream=)', async () => {
    const other = (await addStream(ds, [], 'Nebenstream')).id;
    const both = await addScene(ds, [stream, other]);
    const onlyOther = await addScene(ds, [other]);
    const ids = async (query: Record<string, string>) =>
      ((await crud.list(admin, { query })) as ListReply<Scene>).items.map((s) => s.id);
    expect(await ids({ stream: String(other) })).toEqual(
      [both, onlyOther].sort((a, b) => a.path.localeCompare(b.path)).map((s) => s.id),
    );
    expect(await ids({ stream: String(stream) })).toContain(both.id);
    expect(await ids({ stream: String(stream) })).not.toContain(onlyOther.id);
  });

  it('a scene a TV shows is not deleted (409 in German); an unused one is', async () => {
    const shown = await addScene(ds, [stream]);
    await addTv(ds, { sceneId: shown.id });
    await expect(crud.delete(admin, { id: shown.id })).rejects.toMatchObject({
      code: 'IN_USE',
      errors: [{ message: 'Szene wird noch verwendet und kann nicht gelöscht werden.' }],
    });
    const unused = await addScene(ds, [stream]);
    await crud.delete(admin, { id: unused.id });
    expect(await ds.getRepository(sceneCrud.target).existsBy({ id: unused.id })).toBe(false);
    expect(await ds.getRepository(sceneCrud.target).existsBy({ id: shown.id })).toBe(true);
  });
});
