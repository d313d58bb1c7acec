import { t } from '@shop/i18n-de';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import request from 'supertest';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const FONT = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf');

/** A stand-in for the fonts upstream: 'DejaVu Sans' 700 as a TTF (Debian's), every request counted. */
function fakeFontUpstream() {
  const hits: string[] = [];
  let base = '';
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/css2' && url.searchParams.get('family') === 'DejaVu Sans:ital,wght@0,700') {
      res.writeHead(200, { 'content-type': 'text/css' });
      res.end(`@font-face { font-family: 'DejaVu Sans'; src: url(${base}/s/dejavu-bold.ttf) format('truetype'); }`);
    } else if (url.pathname === '/s/dejavu-bold.ttf') res.writeHead(200, { 'content-type': 'font/ttf' }).end(FONT);
    else res.writeHead(404).end();
  });
  return {
    hits,
    start: () =>
      new Promise<string>((done) =>
        server.listen(0, '127.0.0.1', () => {
          base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
          done(base);
        }),
      ),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The pixels of a region as [r, g, b] counts: how many are mostly red, mostly blue. */
async function colours(png: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const { data, info } = await sharp(png).extract(region).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  let blue = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r > 180 && g < 80 && b < 80) red++;
    if (b > 180 && r < 80 && g < 80) blue++;
  }
  return { red, blue, total: info.width * info.height };
}

/** issue 16: image templates (standard CRUD, GET …/layers) rendered into a new image, text in a chosen font */
describe('image templates', () => {
  let stack: Stack;
  let admin: StaffClient;
  const upstream = fakeFontUpstream();
  let imageId: number;

  beforeAll(async () => {
    const base = await upstream.start();
    stack = await startStack('image_tpl', { FONTS_UPSTREAM_URL: base, FONTS_FILE_HOSTS: new URL(base).host });
    await stack.seed();
    admin = await login(stack, ADMIN);
    const blue = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000ff' } })
      .png()
      .toBuffer();
    imageId = (
      await admin
        .post('/api/images', { data: `data:image/png;base64,${blue.toString('base64')}`, name: 'Blau', alt: 'Blau' })
        .expect(201)
    ).body.data.id;
  }, STACK_START_MS);
  afterAll(async () => {
    await stack?.close();
    await upstream.close();
  }, STACK_CLOSE_MS);

  it('keeps templates for staff: CRUD by id or identifier, the layers route, a missing image refused in German', async () => {
    await request(stack.baseUrl).get('/api/image-templates').expect(401);
    const missing = await admin
      .post('/api/image-templates', { identifier: 'kaputt', layers: [{ type: 'image', image: 999_999 }] })
      .expect(422);
    expect(missing.body.errors).toEqual([
      { field: 'layers.0.image', message: t('content.templateImageMissing', { id: 999_999, layer: 1 }) },
    ]);
    const layers = [
      { type: 'image', image: imageId, x: 50, y: 50, width: 200, height: 100 },
      {
        type: 'text',
        text: 'Hallo',
        x: 300,
        y: 100,
        fontFamily: 'DejaVu Sans',
        fontVariant: '700',
        fontSize: 60,
        color: '#ff0000',
      },
    ];
    const created = (
      await admin
        .post('/api/image-templates', { identifier: 'angebot', width: 600, height: 300, background: '#ffffff', layers })
        .expect(201)
    ).body.data;
    expect((await admin.get('/api/image-templates/angebot').expect(200)).body.data).toEqual(created);
    const got = await admin.get(`/api/image-templates/${created.id}/layers`).expect(200);
    expect(got.body.data).toEqual([layers[0], { ...layers[1], width: null }]);
    await request(stack.baseUrl).get(`/api/image-templates/${created.id}/layers`).expect(401);
    await admin.get('/api/image-templates/999999/layers').expect(404);
  });

  it('renders the layers into a new image: the picture where it is placed, the text in the chosen font', async () => {
    const tpl = (await admin.get('/api/image-templates/angebot').expect(200)).body.data;
    const image = (await admin.post(`/api/image-templates/${tpl.id}/render`, { name: 'Angebot' }).expect(201)).body
      .data;
    expect(image).toMatchObject({ extension: 'png', width: 600, height: 300 });
    const png = (await request(stack.baseUrl).get(`/image/${image.id}-${image.version}.png`).buffer(true).expect(200))
      .body as Buffer;
    expect(await colours(png, { left: 60, top: 60, width: 180, height: 80 })).toMatchObject({ blue: 180 * 80 });
    const text = await colours(png, { left: 300, top: 100, width: 300, height: 100 });
    expect(text.red).toBeGreaterThan(500);
    // the font came from the fonts upstream, once
    expect(upstream.hits.filter((h) => h.startsWith('/css2'))).toHaveLength(1);
    expect(upstream.hits.filter((h) => h === '/s/dejavu-bold.ttf')).toHaveLength(1);

    // a replacement text for layer 1; an empty one leaves the canvas white there
    const blank = (await admin.post(`/api/image-templates/${tpl.id}/render`, { texts: { '1': ' ' } }).expect(201)).body
      .data;
    const blankPng = (await request(stack.baseUrl).get(`/image/${blank.id}-1.png`).buffer(true).expect(200))
      .body as Buffer;
    expect((await colours(blankPng, { left: 300, top: 100, width: 300, height: 100 })).red).toBe(0);
    expect(upstream.hits.filter((h) => h.startsWith('/css2'))).toHaveLength(1);
  });
});
