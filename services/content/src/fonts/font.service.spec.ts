import { mkdtemp, rm } from 'node:fs/promises';
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
