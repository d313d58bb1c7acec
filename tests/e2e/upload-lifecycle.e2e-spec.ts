import { jest } from '@jest/globals';
import { t } from '@shop/i18n-de';
import { ServiceBus } from '@shop/server';
import { waitFor } from '@shop/testing';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ContentRetention } from '../../services/content/src/forms/retention.js';
import { UploadEntity } from '../../services/content/src/uploads/upload.entity.js';
import { KnownUploads } from '../../services/order/src/uploads/known-uploads.js';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const picture = (format: 'png' | 'gif' | 'jpeg', width = 1000, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    [format]()
    .toBuffer();
const LIMIT = 12;

/** issue 15 item 9 and issue 16 "Media": uploads typed by their bytes, previews, staff CRUD, purge, a cap per client */
describe('upload lifecycle', () => {
  let stack: Stack;
  let admin: StaffClient;
  const upload = (body: object) => request(stack.baseUrl).post('/api/uploads').send(body);

  /** An order of the demo's photo cake at graz-lend (open all day) whose image steps name `upload`: the answer. */
  async function orderCake(upload: { id: number; publicHash: string }) {
    const branch = (await admin.get('/api/branches/graz-lend').expect(200)).body.data;
    await admin
      .put(`/api/branches/${branch.id}`, { ...branch, openingHours: ALL_DAY, isAppointmentRequired: false })
      .expect(200);
    const products = (await admin.get('/api/products?perPage=500').expect(200)).body.data as Array<{
      id: number;
      name: string;
    }>;
    const cake = (
      await admin.get(`/api/products/${products.find((p) => p.name.startsWith('Motivtorte'))!.id}`).expect(200)
    ).body.data as {
      id: number;
      config: { parts: Record<string, { type: string; options: Array<{ name: string }> }> };
    };
    const parts: Record<string, unknown> = {};
    for (const [key, step] of Object.entries(cake.config.parts)) {
      if (step.type === 'select') parts[key] = step.options[0]!.name;
      if (step.type === 'multiselect') parts[key] = [step.options[0]!.name];
      if (step.type === 'text' || step.type === 'textarea') parts[key] = 'Alles Gute!';
      if (['image', 'images', 'file', 'files'].includes(step.type)) parts[key] = [upload];
    }
    return request(stack.baseUrl)
      .post('/api/orders')
      .send({
        branch: branch.id,
        items: [{ product: cake.id, amount: 1, parts }],
        firstName: 'Eva',
        lastName: 'Huber',
        email: 'eva@example.at',
        phone: '+43 660 7654321',
        legalInstructions: true,
        privacyPolicy: true,
        paymentMethod: 'cash',
      });
  }

  beforeAll(async () => {
    stack = await startStack('upload_life', { RATE_LIMIT_UPLOADS_PER_HOUR: String(LIMIT) });
    await stack.seed();
    admin = await login(stack, ADMIN);
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  it('renders a JPEG preview of jpeg, png and gif uploads, cached like image variants; other files have none', async () => {
    for (const format of ['png', 'gif', 'jpeg'] as const) {
      const u = (await upload({ data: dataUrl(`image/${format}`, await picture(format)) }).expect(201)).body.data;
      const res = await request(stack.baseUrl)
        .get(`/upload/${u.publicHash}/preview/${u.id}-${u.version}.jpg`)
        .buffer(true)
        .expect(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.body as Buffer).metadata();
      expect([format, meta.format, meta.width, meta.height]).toEqual([format, 'jpeg', 640, 320]);
    }
    const pdf = (await upload({ data: dataUrl('application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n')) }).expect(201)).body
      .data;
    await request(stack.baseUrl).get(`/upload/${pdf.publicHash}/preview/${pdf.id}-1.jpg`).expect(404);
  });

  it('types an upload by its bytes: a PNG claimed as JPEG, or text claimed as a PDF, is a German 422', async () => {
    const png = await picture('png');
    const mismatch = await upload({ data: dataUrl('image/jpeg', png), filename: 'foto.jpg' }).expect(422);
    expect(mismatch.body.errors).toEqual([
      { field: 'data', message: t('content.uploadTypeMismatch', { claimed: 'image/jpeg', actual: 'image/png' }) },
    ]);
    const fakePdf = await upload({ data: dataUrl('application/pdf', Buffer.from('nur Text')) }).expect(422);
    expect(fakePdf.body.errors[0].message).toMatch(/^Der Dateityp ist ungültig \(application\/pdf\)\./);
  });

  it('lets staff list, read and delete uploads (file and preview go too); visitors cannot', async () => {
    const u = (await upload({ data: dataUrl('image/png', await picture('png')), filename: 'torte.png' }).expect(201))
      .body.data;
    await request(stack.baseUrl).get('/api/uploads').expect(401);
    await request(stack.baseUrl).get(`/api/uploads/${u.id}`).expect(401);
    const list = await admin.get('/api/uploads?mimeType=image/png').expect(200);
    expect(list.body.data).toContainEqual({
      ...u,
      size: expect.any(Number),
      originalName: 'torte.png',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      url: `/upload/${u.publicHash}/${u.id}-1.png`,
      previewUrl: `/upload/${u.publicHash}/preview/${u.id}-1.jpg`,
    });
    await admin.put(`/api/uploads/${u.id}`, {}).expect(404);
    await admin.delete(`/api/uploads/${u.id}`).expect(200);
    await admin.get(`/api/uploads/${u.id}`).expect(404);
    await request(stack.baseUrl).get(`/upload/${u.publicHash}/${u.id}-1.png`).expect(404);
    await request(stack.baseUrl).get(`/upload/${u.publicHash}/preview/${u.id}-1.jpg`).expect(404);
  });

  it('purges old uploads that no order line and no content refers to, and keeps the referenced ones', async () => {
    const png = await picture('png', 50, 50);
    const [inOrder, inContent, orphan, fresh] = await Promise.all(
      [1, 2, 3, 4].map(async () => (await upload({ data: dataUrl('image/png', png) }).expect(201)).body.data),
    );
    // an order whose image step names one upload
    expect((await orderCake(inOrder)).status).toBe(201);
    // a project node whose exposé is another upload
    const { id, version, extension, publicHash } = inContent;
    await admin
      .post('/api/nodes', {
        type: 'project',
        isPublic: true,
        content: { name: 'Haus am See', file: { id, version, extension, publicHash } },
      })
      .expect(201);

    const repo = stack.content.get(DataSource).getRepository(UploadEntity);
    const old = new Date(Date.now() - 91 * 24 * 3_600_000);
    for (const u of [inOrder, inContent, orphan]) await repo.update(u.id, { createdAt: old });
    const swept = await stack.content.get(ContentRetention).sweep();
    expect(swept.uploads).toBeGreaterThanOrEqual(1);
    expect(await repo.findOneBy({ id: orphan.id })).toBeNull();
    expect(existsSync(join(stack.filesDir, 'upload', orphan.publicHash))).toBe(false);
    for (const kept of [inOrder, inContent, fresh]) expect(await repo.findOneBy({ id: kept.id })).not.toBeNull();
    await request(stack.baseUrl).get(`/upload/${inOrder.publicHash}/${inOrder.id}-1.png`).expect(200);
  });

  it('takes an order naming a new upload without asking the content service, and refuses one whose upload is gone (German error on the line)', async () => {
    const png = await picture('png', 40, 40);
    const known = stack.order.get(KnownUploads);
    const u = (await upload({ data: dataUrl('image/png', png) }).expect(201)).body.data;
    // the upload's event reaches the order service within the content relay's lag (its count alone may not grow:
    // the previous test's purge announces a deletion that can arrive in the same moment)
    await waitFor(() => known.has(u.id), 15_000);
    const ask = jest.spyOn(stack.order.get(ServiceBus), 'request');
    try {
      expect((await orderCake(u)).status).toBe(201);
      expect(ask.mock.calls.filter(([subject]) => subject === 'content.upload.verify')).toEqual([]);
    } finally {
      ask.mockRestore();
    }

    const missing = [{ field: 'items.0.parts', message: t('order.uploadMissing') }];
    const guessed = await orderCake({ ...u, publicHash: 'geraten' });
    expect([guessed.status, guessed.body.errors]).toEqual([422, missing]);
    await admin.delete(`/api/uploads/${u.id}`).expect(200);
    // refused once the deletion's event has arrived
    const refused = await waitFor(async () => {
      const res = await orderCake(u);
      return res.status === 422 ? res : null;
    }, 15_000);
    expect(refused.body.errors).toEqual(missing);
  });

  it('caps uploads per client and hour with a German 429', async () => {
    let res: request.Response | undefined;
    for (let i = 0; i <= LIMIT; i++) {
      res = await upload({ data: dataUrl('text/plain', Buffer.from('hallo')) });
      if (res.status === 429) break;
      expect(res.status).toBe(201);
    }
    expect(res!.status).toBe(429);
    expect(res!.body.errors[0].message).toMatch(/^Zu viele Uploads\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/);
  });
});
