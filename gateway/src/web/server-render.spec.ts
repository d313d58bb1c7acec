import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { ServerRender } from './server-render.js';

/** issues 17 and 22: an app's server render, with a stand-in of its bundle (web/<app>/src/entry-server.tsx) */
describe('ServerRender', () => {
  let dir: string;
  const logger = pino({ level: 'silent' });
  const init = (etag: string, title: string) => ({
    etag,
    identity: Buffer.from(JSON.stringify({ data: [{ url: '/api/config', data: { title } }] })),
  });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'presenter-dist-'));
    mkdirSync(join(dir, '.server'));
    // counts its renders; '/kaputt' fails; the rich text goes through the gateway's sanitiser; #root's data names
    // the time (as the storefront's does)
    writeFileSync(
      join(dir, '.server/entry-server.cjs'),
      `let renders = 0;
      exports.renders = () => renders;
      exports.renderPage = async (path, batch, sanitize, renderedAt, consent) => {
        renders++;
        if (path === '/banner') return consent ? '<p>ohne Hinweis</p>' : '<p>Cookie-Hinweis</p>';
        if (path === '/kaputt') throw new Error('render failed');
        if (path === '/zeit') return '<p>' + new Date(renderedAt).toISOString() + '</p>';
        return '<link rel="preload" as="image" href="/image/medium/1-1.jpg"/><h1>' + batch[0].data.title + ' ' + path +
          '</h1>' + sanitize('<p onclick="x()">Text</p><script>alert(1)</script>');
      };
      exports.rootData = (batch, renderedAt) => ({ 'rendered-at': String(renderedAt) });
      exports.pageMeta = (path, batch) => ({ title: batch[0].data.title + ' ' + path, description: 'Text' });`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("renders a path once per version of the batch; React's resource hints go to the head", async () => {
    const render = new ServerRender(dir, logger, { app: 'presenter' });
    const [first, again] = await Promise.all([
      render.render('/', init('W/"1"', 'Immo')),
      render.render('/', init('W/"1"', 'Immo')),
    ]);
    expect(first).toEqual({
      head: '<link rel="preload" as="image" href="/image/medium/1-1.jpg"/>',
      // the content service's allow-list: no handler, no script
      root: '<h1>Immo /</h1><p>Text</p>',
      data: { 'rendered-at': expect.stringMatching(/^\d+$/) },
      key: '||/',
      // issue 43: the page's own title and description for its head
      meta: { title: 'Immo /', description: 'Text' },
    });
    expect(again).toBe(first);
    expect((await render.render('/', init('W/"2"', 'Neu')))?.root).toBe('<h1>Neu /</h1><p>Text</p>');
  });

  it('renders a page with a time slot once per slot, at the start of the slot', async () => {
    const render = new ServerRender(dir, logger, { app: 'storefront', timeSlotMs: 60_000 });
    const at = Date.parse('2026-11-29T18:30:20Z');
    const first = await render.render('/zeit', init('W/"1"', 'Shop'), { now: at });
    expect(first).toMatchObject({
      root: '<p>2026-11-29T18:30:00.000Z</p>',
      data: { 'rendered-at': String(Date.parse('2026-11-29T18:30:00Z')) },
    });
    // later in the same minute: the same render; the next minute: a new one
    expect(await render.render('/zeit', init('W/"1"', 'Shop'), { now: at + 30_000 })).toBe(first);
    expect((await render.render('/zeit', init('W/"1"', 'Shop'), { now: at + 40_000 }))?.root).toBe(
      '<p>2026-11-29T18:31:00.000Z</p>',
    );
  });

  it("renders a page per answer of the visitor's consent cookie (the banner only without one)", async () => {
    const render = new ServerRender(dir, logger, { app: 'storefront', timeSlotMs: 60_000 });
    const none = await render.render('/banner', init('W/"1"', 'Shop'));
    const accepted = await render.render('/banner', init('W/"1"', 'Shop'), { consent: 'accepted' });
    expect(none?.root).toBe('<p>Cookie-Hinweis</p>');
    expect(accepted?.root).toBe('<p>ohne Hinweis</p>');
    expect(accepted?.key).not.toBe(none?.key);
    expect(await render.render('/banner', init('W/"1"', 'Shop'), { consent: 'accepted' })).toBe(accepted);
  });

  it('answers null for a failed render (the browser renders that page) and tries again next time', async () => {
    const render = new ServerRender(dir, logger, { app: 'presenter' });
    const bundle = (await import(join(dir, '.server/entry-server.cjs'))) as { renders: () => number };
    const before = bundle.renders();
    expect(await render.render('/kaputt', init('W/"1"', 'Immo'))).toBeNull();
    expect(await render.render('/kaputt', init('W/"1"', 'Immo'))).toBeNull();
    expect(bundle.renders() - before).toBe(2);
  });

  it('answers null without a server bundle', async () => {
    const render = new ServerRender(join(dir, 'missing'), logger, { app: 'presenter' });
    expect(await render.render('/', init('W/"1"', 'Immo'))).toBeNull();
  });
});
