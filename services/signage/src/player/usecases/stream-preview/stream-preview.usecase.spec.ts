import type { DataSource } from 'typeorm';
import { addSegment, addStream, employee, signageTestDatabase } from '../../../../test/signage-test-database.js';
import { StreamPreview } from './stream-preview.usecase.js';

describe('StreamPreview (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: StreamPreview;
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('stream_preview'));
    usecase = new StreamPreview(ds);
  });
  afterAll(() => close());

  it("answers the stream's segments as a player plays them, in stream order, a repeated one twice, a missing one left out", async () => {
    const text = await addSegment(ds, { name: 'Begrüßung' });
    const image = await addSegment(ds, {
      name: 'Torte',
      type: 'image',
      text: null,
      image: { id: 7, version: 2, extension: 'jpg' },
    });
    const stream = await addStream(ds, [image.id, text.id, 999_999, image.id]);
    const preview = await usecase.execute(employee, stream.id);
    expect(preview.name).toBe('Hauptstream');
    expect(preview.segments.map((s) => s.id)).toEqual([image.id, text.id, image.id]);
    expect(preview.segments[0]!.url).toBe('/image/7-2.jpg');
    expect(preview.segments[1]).toMatchObject({ type: 'text', text: 'Herzlich willkommen', durationSeconds: 10 });
  });

  it('staff only; an unknown stream is 404', async () => {
    const stream = await addStream(ds, []);
    await expect(usecase.execute(null, stream.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(usecase.execute(employee, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
