import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { ContentConfigSchema } from '../config/content-config.js';
import { FontService } from './font.service.js';

/** A stand-in for Google Fonts' CSS API and its font files (never the internet). */
async function fakeUpstream(): Promise<{ base: string; server: Server }> {
  let base = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/css2') {
      const family = (url.searchParams.get('family') ?? '').split(':')[0];
      if (family !== 'Open Sans' && family !== 'Pacifico') return void res.writeHead(400).end();
      res.writeHead(200, { 'content-type': 'text/css' });
      return void res.end(
        `@font-face {\n  font-family: '${family}';\n  src: url(${base}/s/${family.replace(' ', '')}.woff2) format('woff2');\n}\n`,
      );
    }
    res.writeHead(200, { 'content-type': 'font/woff2' });
    res.end(Buffer.from(`wOF2${url.pathname}`));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, server };
}

describe('FontService: the families on offer and those fetched to this server', () => {
  let filesDir: string;
  let upstream: { base: string; server: Server };
  let fonts: FontService;
  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'content-fonts-'));
    upstream = await fakeUpstream();
    const config = ContentConfigSchema.parse({
      FILES_DIR: filesDir,
      FONTS_PACKAGES_DIR: join(filesDir, 'no-packages'),
      FONTS_UPSTREAM_URL: upstream.base,
      FONTS_FILE_HOSTS: new URL(upstream.base).host,
      FONT_FAMILIES: 'Open Sans:regular|700;Roboto:regular',
    });
    fonts = new FontService(config, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await new Promise((done) => upstream.server.close(done));
    await rm(filesDir, { recursive: true, force: true });
  });

  it('lists the configured families with nothing stored before a fetch', async () => {
    expect(await fonts.families()).toEqual([
      { family: 'Open Sans', variants: ['regular', '700'], stored: [] },
      { family: 'Roboto', variants: ['regular'], stored: [] },
    ]);
  });

  it('marks a fetched variant as stored, and adds a fetched family that is not on offer with the variants it has', async () => {
    await fonts.embed('Open Sans', '700');
    await fonts.embed('Pacifico', 'regular');
    await fonts.embed('Pacifico', '400italic');
    expect(await fonts.families()).toEqual([
      { family: 'Open Sans', variants: ['regular', '700'], stored: ['700'] },
      { family: 'Roboto', variants: ['regular'], stored: [] },
      { family: 'Pacifico', variants: ['400italic', 'regular'], stored: ['400italic', 'regular'] },
    ]);
  });
});

describe('FontService: families from their npm packages (@fontsource/<family>)', () => {
  let dir: string;
  let fonts: FontService;
  const upstreamCalls: string[] = [];
  let upstream: Server;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'content-fontsource-'));
    // the layout of @fontsource/source-sans-3: files/<name>-<subset>-<weight>-<style>.woff2
    const files = join(dir, 'packages', 'source-sans-3', 'files');
    await mkdir(files, { recursive: true });
    await writeFile(join(files, 'source-sans-3-latin-400-normal.woff2'), 'wOF2 regular');
    await writeFile(join(files, 'source-sans-3-latin-700-italic.woff2'), 'wOF2 bold italic');
    // an upstream that records every call: a packaged variant must not ask it
    upstream = createServer((req, res) => {
      upstreamCalls.push(req.url ?? '');
      res.writeHead(503).end();
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    fonts = new FontService(
      ContentConfigSchema.parse({
        FILES_DIR: join(dir, 'files'),
        FONTS_PACKAGES_DIR: join(dir, 'packages'),
        FONTS_UPSTREAM_URL: base,
        FONTS_FILE_HOSTS: new URL(base).host,
        FONT_FAMILIES: 'Source Sans 3:regular|700italic',
      }),
      pino({ level: 'silent' }),
    );
  });
  afterAll(async () => {
    upstream.closeAllConnections();
    await new Promise((done) => upstream.close(done));
    await rm(dir, { recursive: true, force: true });
  });

  it("serves a packaged variant from the package's file: CSS with the family, style and weight, the file under /font/", async () => {
    const css = await fonts.embed('Source Sans 3', '700italic');
    expect(css.replace(/\/font\/[0-9a-f]{32}\.woff2/, '/font/HASH.woff2')).toBe(
      "@font-face {\n  font-family: 'Source Sans 3';\n  font-style: italic;\n  font-weight: 700;\n  font-display: swap;\n  src: url(/font/HASH.woff2) format('woff2');\n}\n",
    );
    expect(await readFile(await fonts.fontFile('Source Sans 3', '700italic'), 'utf8')).toBe('wOF2 bold italic');
    expect(await readFile(await fonts.fontFile('Source Sans 3', 'regular'), 'utf8')).toBe('wOF2 regular');
    expect(upstreamCalls).toEqual([]);
    expect(await fonts.families()).toEqual([
      { family: 'Source Sans 3', variants: ['regular', '700italic'], stored: ['700italic', 'regular'] },
    ]);
  });

  it('asks the upstream for a variant its package does not have (and answers its German 503 when that fails)', async () => {
    await expect(fonts.embed('Source Sans 3', '600')).rejects.toMatchObject({ status: 503 });
    expect(upstreamCalls).toHaveLength(1);
  });
});
