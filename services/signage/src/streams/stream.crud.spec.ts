import type { ListReply, Stream } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import {
  addScene,
  addSegment,
  addStream,
  admin,
  employee,
  signageTestDatabase,
} from '../../test/signage-test-database.js';
import { streamCrud } from './stream.crud.js';
import { StreamEntity } from './stream.entity.js';

/** The rules `create` and `update` check before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('streams CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<StreamEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('signage_streams'));
    crud = new CrudService(streamCrud, ds, { kick: () => Promise.resolve() }) as CrudService<StreamEntity, unknown>;
  });
  afterAll(() => close());

  it('staff read, administrators write', async () => {
    const stream = await addStream(ds, []);
    expect(await crud.get(employee, { id: stream.id })).toMatchObject({ name: 'Hauptstream', segments: [] });
    await expect(attempt(() => crud.list(null, { query: {} }))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(
      attempt(() => crud.update(employee, { id: stream.id, body: { name: 'Nein', segments: [] } })),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await ds.getRepository(StreamEntity).findOneByOrFail({ id: stream.id })).name).toBe('Hauptstream');
  });

  it('keeps its segments in the order given; names each one that does not exist, in German', async () => {
    const [a, b] = [await addSegment(ds), await addSegment(ds)];
    const created = (await crud.create(admin, { body: { name: 'Theke', segments: [b.id, a.id] } })) as Stream;
    expect(created.segments).toEqual([b.id, a.id]);
    const reordered = (await crud.update(admin, {
      id: created.id,
      body: { name: 'Theke', segments: [a.id, b.id] },
    })) as Stream;
    expect(reordered.segments).toEqual([a.id, b.id]);
    await expect(
      crud.update(admin, { id: created.id, body: { name: 'Theke', segments: [a.id, 999_998, 999_999] } }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'segments.1', message: 'Filmsequenz mit der ID 999998 wurde nicht gefunden.' },
        { field: 'segments.2', message: 'Filmsequenz mit der ID 999999 wurde nicht gefunden.' },
      ],
    });
    expect((await ds.getRepository(StreamEntity).findOneByOrFail({ id: created.id })).segments).toEqual([a.id, b.id]);
  });

  it('filters by a segment it plays and by the scene that plays it', async () => {
    const [a, b] = [await addSegment(ds), await addSegment(ds)];
    const first = await addStream(ds, [a.id, b.id], 'F-Erster');
    const second = await addStream(ds, [b.id], 'F-Zweiter');
    const scene = await addScene(ds, [second.id]);
    const names = async (query: Record<string, string>) =>
      ((await crud.list(admin, { query })) as ListReply<Stream>).items.map((s) => s.name);
    expect(await names({ segment: String(a.id) })).toEqual([first.name]);
    expect(await names({ segment: String(b.id) })).toEqual([first.name, second.name]);
    expect(await names({ scene: String(scene.id) })).toEqual([second.name]);
  });

  it('a stream a scene plays is not deleted (409 in German); an unused one is', async () => {
    const played = await addStream(ds, []);
    await addScene(ds, [played.id]);
    await expect(crud.delete(admin, { id: played.id })).rejects.toMatchObject({
      code: 'IN_USE',
      errors: [{ message: 'Stream wird noch verwendet und kann nicht gelöscht werden.' }],
    });
    const unused = await addStream(ds, []);
    await crud.delete(admin, { id: unused.id });
    expect(await ds.getRepository(StreamEntity).existsBy({ id: unused.id })).toBe(false);
    expect(await ds.getRepository(StreamEntity).existsBy({ id: played.id })).toBe(true);
  });
});
