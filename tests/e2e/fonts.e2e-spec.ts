import { t } from '@shop/i18n-de';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';

/** A stand-in for Google Fonts: the CSS API and the font files it names; counts every request. */
function fakeFontUpstream() {
  const hits: string[] = [];
  let base = '';
  const woff2 = Buffer.from('wOF2-fake-font-bytes');
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/css2') {
      const family = url.searchParams.get('family') ?? '';
      if (!family.startsWith('Open Sans:')) {
        res.writeHead(400).end('unknown family');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/css' });
      res.end(
        `/* latin */\n@font-face {\n  font-family: 'Open Sans';\n  font-style: normal;\n  font-weight: 700;\n` +
          `  src: url(${base}/s/opensans/v1/bold.woff2) format('woff2');\n}\n` +
          `/* latin-ext */\n@font-face {\n  font-family: 'Open Sans';\n  src: url(${base}/s/opensans/v1/bold-ext.woff2) format('woff2');\n}\n`,
      );
      return;
    }
    if (url.pathname.startsWith('/s/opensans/')) {
      res.writeHead(200, { 'content-type': 'font/woff2' });
      res.end(Buffer.concat([woff2, Buffer.from(url.pathname)]));
      return;
    }
    res.writeHead(404).end();
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

/** issue 16 "Fonts without Google on the page" */
describe('fonts: embedded from this server only', () => {
  let stack: Stack;
  const upstream = fakeFontUpstream();
  // the font packages this stack sees: none at first (so the upstream is asked), one linked in by a test below
  const packages = mkdtempSync(join(tmpdir(), 'shop-font-packages-'));

  beforeAll(async () => {
    const base = await upstream.start();
    stack = await startStack('fonts', {
      FONTS_UPSTREAM_URL: base,
      FONTS_FILE_HOSTS: new URL(base).host,
      FONTS_PACKAGES_DIR: packages,
    });
  }, STACK_START_MS);
  afterAll(async () => {
    await stack?.close();
    await upstream.close();
    rmSync(packages, { recursive: true, force: true });
  }, STACK_CLOSE_MS);

  it('lists the families on offer', async () => {
    const res = await request(stack.baseUrl).get('/api/fonts').expect(200);
    expect(res.body.data).toContainEqual({
      family: 'Open Sans',
      variants: ['regular', 'italic', '600', '700'],
      stored: [],
    });
  });

  it("answers a family's CSS whose font files come from this server, fetching the upstream once", async () => {
    const css = await request(stack.baseUrl).get('/api/fonts/google/Open+Sans/style-700.embed.css').expect(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.text).toContain("font-family: 'Open Sans'");
    expect(css.text).not.toContain('127.0.0.1');
    const files = [...css.text.matchAll(/url\((\/font\/[0-9a-f]{32}\.woff2)\)/g)].map((m) => m[1]!);
    expect(files).toHaveLength(2);
    for (const file of files) {
      const font = await request(stack.baseUrl).get(file).expect(200);
      expect(
        Buffer.from(font.body as Buffer)
          .subarray(0, 4)
          .toString(),
      ).toBe('wOF2');
      expect(font.headers['cache-control']).toContain('immutable');
    }
    expect(upstream.hits.filter((h) => h.startsWith('/css2'))).toHaveLength(1);
    const hitsBefore = upstream.hits.length;
    const again = await request(stack.baseUrl).get('/api/fonts/google/Open%20Sans/style-700.embed.css').expect(200);
    expect(again.text).toBe(css.text);
    expect(upstream.hits).toHaveLength(hitsBefore);
    // the list shows what is stored on this server
    const listed = (await request(stack.baseUrl).get('/api/fonts').expect(200)).body.data;
    expect(listed).toContainEqual(expect.objectContaining({ family: 'Open Sans', stored: ['700'] }));
  });

  it("serves a family from its installed @fontsource package without asking the upstream (issue 43: the demo's fonts offline)", async () => {
    symlinkSync(resolve('node_modules/@fontsource/roboto'), join(packages, 'roboto'));
    const before = upstream.hits.length;
    const css = await request(stack.baseUrl).get('/api/fonts/google/Roboto/style-700.embed.css').expect(200);
    expect(css.text).toContain("font-family: 'Roboto'");
    expect(css.text).toContain('font-weight: 700');
    const file = /url\((\/font\/[0-9a-f]{32}\.woff2)\)/.exec(css.text)?.[1];
    const font = await request(stack.baseUrl).get(file!).expect(200);
    expect(
      Buffer.from(font.body as Buffer)
        .subarray(0, 4)
        .toString(),
    ).toBe('wOF2');
    expect(upstream.hits).toHaveLength(before);
  });

  it('refuses families and variants outside the allow-list patterns without asking the upstream', async () => {
    const before = upstream.hits.length;
    for (const path of [
      '/api/fonts/google/..%2F..%2Fetc/style-700.embed.css',
      '/api/fonts/google/Open%20Sans/style-..%2Fx.embed.css',
      '/api/fonts/google/Open%20Sans/style-750.embed.css',
      '/api/fonts/google/https%3A%2F%2Fevil.example/style-700.embed.css',
      '/font/..%2F..%2Fpackage.json',
    ])
      await request(stack.baseUrl).get(path).expect(404);
    expect(upstream.hits).toHaveLength(before);
  });

  it('an unknown family is 404; an unreachable upstream is a German 503', async () => {
    await request(stack.baseUrl).get('/api/fonts/google/Nope%20Font/style-700.embed.css').expect(404);
    await upstream.close();
    const down = await request(stack.baseUrl).get('/api/fonts/google/Open%20Sans/style-italic.embed.css').expect(503);
    expect(down.body.message).toBe(t('content.fontsUnavailable'));
  });
});
