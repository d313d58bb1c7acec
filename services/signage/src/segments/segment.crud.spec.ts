import type { ListReply, Segment } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { addSegment, addStream, admin, employee, signageTestDatabase } from '../../test/signage-test-database.js';
import { segmentCrud } from './segment.crud.js';
import { SegmentEntity } from './segment.entity.js';

/** The rules `create` and `update` check before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('segments CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<SegmentEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('signage_segments'));
    crud = new CrudService(segmentCrud, ds, { kick: () => Promise.resolve() }) as CrudService<SegmentEntity, unknown>;
  });
  afterAll(() => close());

  it('staff read, administrators write', async () => {
    const segment = await addSegment(ds);
    expect(await crud.get(employee, { id: segment.id })).toMatchObject({ name: 'Willkommen', type: 'text' });
    await expect(attempt(() => crud.get(null, { id: segment.id }))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(
      attempt(() => crud.create(employee, { body: { name: 'X', type: 'text', text: 'x' } })),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(attempt(() => crud.delete(employee, { id: segment.id }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('keeps only the field of its type, and each frame origin once', async () => {
    const all = {
      image: { id: 7, version: 1, extension: 'jpg' },
      url: 'https://wetter.example/karte',
      text: 'Alter Text',
      frameOrigins: ['https://wetter.example', 'https://wetter.example'],
    };
    const text = (await crud.create(admin, { body: { ...all, name: 'Text', type: 'text' } })) as Segment;
    expect(text).toMatchObject({ type: 'text', text: 'Alter Text', image: null, url: null, frameOrigins: [] });
    const web = (await crud.update(admin, { id: text.id, body: { ...all, name: 'Web', type: 'web' } })) as Segment;
    expect(web).toMatchObject({ image: null, url: all.url, text: null, frameOrigins: ['https://wetter.example'] });
    const image = (await crud.update(admin, { id: text.id, body: { ...all, name: 'Bild', type: 'image' } })) as Segment;
    expect(image).toMatchObject({ image: all.image, url: null, text: null, frameOrigins: [] });
    const video = (await crud.update(admin, { id: text.id, body: { ...all, name: 'Film', type: 'video' } })) as Segment;
    expect(video).toMatchObject({ image: null, url: all.url, text: null, frameOrigins: [] });
    expect(await ds.getRepository(SegmentEntity).findOneByOrFail({ id: text.id })).toMatchObject({
      image: null,
      url: all.url,
      text: null,
      frameOrigins: [],
    });
  });

  it('filters by type and by the stream that plays them', async () => {
    const image = { id: 9, version: 0, extension: 'png' };
    const a = await addSegment(ds, { name: 'A-Bild', type: 'image', text: null, image });
    const b = await addSegment(ds, { name: 'B-Text' });
    await addSegment(ds, { name: 'C-Text' });
    const stream = await addStream(ds, [b.id, a.id]);
    const names = async (query: Record<string, string>) =>
      ((await crud.list(admin, { query })) as ListReply<Segment>).items.map((s) => s.name);
    expect(await names({ stream: String(stream.id) })).toEqual(['A-Bild', 'B-Text']);
    expect(await names({ type: 'image' })).toEqual(['A-Bild']);
    expect(await names({ type: 'text', stream: String(stream.id) })).toEqual(['B-Text']);
  });

  it('a segment a stream plays is not deleted (409 in German); an unused one is', async () => {
    const played = await addSegment(ds);
    await addStream(ds, [played.id]);
    await expect(crud.delete(admin, { id: played.id })).rejects.toMatchObject({
      code: 'IN_USE',
      errors: [{ message: 'Filmsequenz wird noch verwendet und kann nicht gelöscht werden.' }],
    });
    const unused = await addSegment(ds);
    await crud.delete(admin, { id: unused.id });
    expect(await ds.getRepository(SegmentEntity).existsBy({ id: unused.id })).toBe(false);
    expect(await ds.getRepository(SegmentEntity).existsBy({ id: played.id })).toBe(true);
  });
});
