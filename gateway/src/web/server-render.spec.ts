import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { PresenterServerRender } from './server-render.js';

/** issue 17: the presenter's server render, with a stand-in of its bundle (web/presenter/src/entry-server.tsx) */
describe('PresenterServerRender', () => {
  let dir: string;
  const logger = pino({ level: 'silent' });
  const init = (etag: string, title: string) => ({
    etag,
    identity: Buffer.from(JSON.stringify({ data: [{ url: '/api/config', data: { title } }] })),
  });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'presenter-dist-'));
    mkdirSync(join(dir, '.server'));
    // counts its renders; '/kaputt' fails; the rich text goes through the gateway's sanitiser
    writeFileSync(
      join(dir, '.server/entry-server.cjs'),
      `let renders = 0;
      exports.renders = () => renders;
      exports.renderPage = async (path, batch, sanitize) => {
        renders++;
        if (path === '/kaputt') throw new Error('render failed');
        return '<link rel="preload" as="image" href="/image/medium/1-1.jpg"/><h1>' + batch[0].data.title + ' ' + path +
          '</h1>' + sanitize('<p onclick="x()">Text</p><script>alert(1)</script>');
      };`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("renders a path once per version of the batch; React's resource hints go to the head", async () => {
    const render = new PresenterServerRender(dir, logger);
    const [first, again] = await Promise.all([
      render.render('/', init('W/"1"', 'Immo')),
      render.render('/', init('W/"1"', 'Immo')),
    ]);
    expect(first).toEqual({
      head: '<link rel="preload" as="image" href="/image/medium/1-1.jpg"/>',
      // the content service's allow-list: no handler, no script
      root: '<h1>Immo /</h1><p>Text</p>',
    });
    expect(again).toBe(first);
    expect((await render.render('/', init('W/"2"', 'Neu')))?.root).toBe('<h1>Neu /</h1><p>Text</p>');
  });

  it('answers null for a failed render (the browser renders that page) and tries again next time', async () => {
    const render = new PresenterServerRender(dir, logger);
    const bundle = (await import(join(dir, '.server/entry-server.cjs'))) as { renders: () => number };
    const before = bundle.renders();
    expect(await render.render('/kaputt', init('W/"1"', 'Immo'))).toBeNull();
    expect(await render.render('/kaputt', init('W/"1"', 'Immo'))).toBeNull();
    expect(bundle.renders() - before).toBe(2);
  });

  it('answers null without a server bundle', async () => {
    const render = new PresenterServerRender(join(dir, 'missing'), logger);
    expect(await render.render('/', init('W/"1"', 'Immo'))).toBeNull();
  });
});
