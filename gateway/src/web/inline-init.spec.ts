import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { imageSrcSet } from '@shop/domain';
import {
  INIT_DATA_ID,
  inlineInit,
  InlinedPageCache,
  inlineScriptSources,
  presenterHead,
  routeChunks,
  routeKey,
  routePreloads,
  scriptSafeJson,
} from './inline-init.js';

const INDEX = `<!doctype html><html><head><title>x</title>
    <link rel="preload" href="/api/init" as="fetch" crossorigin="anonymous" />
    <script type="module" crossorigin src="/build/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

/** issue 22: a visitor's page carries the /api/init answer instead of preloading it */
describe('inlined start-up data', () => {
  const json = JSON.stringify({ data: [{ url: '/api/config', data: { title: 'Pizza </script><script>alert(1)' } }] });

  it('replaces the preload by a JSON data block at the end of the body that the page can parse back to the same answer', () => {
    const html = inlineInit(INDEX, json) as string;
    expect(html).not.toContain('rel="preload" href="/api/init"');
    const match = new RegExp(`<script type="application/json" id="${INIT_DATA_ID}">(.*?)</script>`).exec(html);
    expect(match).not.toBeNull();
    // the product's '</script>' does not end the element: exactly one data block, the module script after it
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    // after the module script and the root element: the browser finds the script first
    expect(html.indexOf(INIT_DATA_ID)).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(JSON.parse((match as RegExpExecArray)[1])).toEqual(JSON.parse(json));
  });

  it("issue 43: a rendered page's head has its own title and description, escaped; without them index.html's", () => {
    const index = INDEX.replace('</title>', '</title><meta name="description" content="Immobilien" />');
    const meta = { title: 'Kontakt - Donau Wohnbau & Co <b>', description: 'Wohnen "am" Park' };
    const html = inlineInit(index, json, '', '<p>Seite</p>', {}, meta) as string;
    expect(html).toContain('<title>Kontakt - Donau Wohnbau &amp; Co &lt;b></title>');
    expect(html).toContain('<meta name="description" content="Wohnen &quot;am&quot; Park" />');
    expect(html).not.toContain('Immobilien');
    expect(inlineInit(index, json, '', '<p>Seite</p>')).toContain(
      '<title>x</title><meta name="description" content="Immobilien" />',
    );
  });

  it('leaves a page without the preload alone', () => {
    expect(inlineInit('<html><head></head></html>', json)).toBeNull();
    expect(scriptSafeJson('"<a>"')).toBe('"\\u003ca>"');
  });

  it('composes and compresses once per version of the data and of index.html', () => {
    const cache = new InlinedPageCache();
    const index = Buffer.from(INDEX);
    const first = cache.get(index, { etag: 'W/"1"', identity: Buffer.from(json) });
    expect(first).not.toBeNull();
    expect(cache.get(index, { etag: 'W/"1"', identity: Buffer.from(json) })).toBe(first);
    const page = first as NonNullable<typeof first>;
    expect(gunzipSync(page.gzip).equals(page.identity)).toBe(true);
    expect(brotliDecompressSync(page.br).equals(page.identity)).toBe(true);
    const next = cache.get(index, { etag: 'W/"2"', identity: Buffer.from('{"data":[]}') });
    expect(next).not.toBe(first);
    expect(next?.identity.toString()).toContain('{"data":[]}');
  });
});

/** issue 22: a deep link to a page of its own chunk names that chunk and its imports as modulepreloads */
describe('route preloads', () => {
  const manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true },
    'src/features/store/StorePage.tsx': { file: 'assets/StorePage-b.js', imports: ['index.html', '_cart-c.js'] },
    '_cart-c.js': { file: 'assets/cart-c.js', imports: ['index.html', '_store.css'] },
    '_store.css': { file: 'assets/store.css' },
  };

  it('lists the page chunk and its static imports, without the entry', () => {
    expect(routeChunks(manifest, 'src/features/store/StorePage.tsx')).toEqual([
      'assets/StorePage-b.js',
      'assets/cart-c.js',
      'assets/store.css',
    ]);
    expect(routePreloads(manifest, '/store/wien-innere-stadt', '/build/')).toBe(
      '<link rel="modulepreload" crossorigin href="/build/assets/StorePage-b.js"><link rel="modulepreload" crossorigin href="/build/assets/cart-c.js">',
    );
    expect(routePreloads(manifest, '/self-service/store/wien/', '/build/')).toContain('StorePage-b.js');
  });

  it('adds nothing for the pages of the entry chunk or an unknown module', () => {
    expect(routePreloads(manifest, '/', '/build/')).toBe('');
    expect(routePreloads(manifest, '/store/wien/checkout', '/build/')).toBe('');
    expect(routeKey('/')).toBe('');
  });

  it('puts them in the head after the entry script (fetched first)', () => {
    const html = inlineInit(INDEX, '{"data":[]}', routePreloads(manifest, '/store/x', '/build/')) as string;
    expect(html.indexOf('StorePage-b.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('StorePage-b.js')).toBeGreaterThan(html.indexOf('/build/assets/index.js'));
  });
});

/** issue 17: the presenter's home hero image is preloaded from the head, as its <img> asks for it */
describe('presenter head', () => {
  const image = { id: 57, version: 2, extension: 'jpg', alt: 'Haus' };
  const site = (path: string, body: unknown, isPublic = true) => ({
    id: path.length,
    path,
    name: 'Seite',
    type: path === '/' ? 'home' : 'default',
    isPublic,
    content: { body },
  });
  const view = (sites: ReturnType<typeof site>[]) => ({ sites, nodes: [] }) as never;
  const hero = { type: 'hero_home', slides: [{ image, text: '' }, { image: { ...image, id: 58 } }] };

  it("names the first slide's image with the srcset and sizes of the hero's <img>, at high priority", () => {
    const head = presenterHead(view([site('/', [hero, { type: 'text_field' }])]), '/');
    expect(head.key).toBe('hero_home,text_field|57-2.jpg');
    // the srcset the hero's <img> gets from @shop/domain, so the browser picks the same file for both
    expect(head.html).toBe(
      `<link rel="preload" as="image" href="/image/medium/57-2.jpg" imagesrcset="${imageSrcSet(image)}" ` +
        'imagesizes="100vw" fetchpriority="high">',
    );
    expect(imageSrcSet(image)).toContain('/image/large/57-2.jpg 1920w');
  });

  it('names no image for a page without a hero first, a draft, an unknown path or an image that is no stored file', () => {
    const noImage = (head: { html: string }) => expect(head.html).not.toContain('as="image"');
    noImage(presenterHead(view([site('/ueber-uns', [{ type: 'text_field' }, hero])]), '/ueber-uns'));
    expect(presenterHead(view([site('/', [hero], false)]), '/')).toEqual({ key: '|', html: '' });
    expect(presenterHead(view([site('/', [hero])]), '/gibt-es-nicht')).toEqual({ key: '|', html: '' });
    const bad = { type: 'hero_home', slides: [{ image: { id: '1" onerror="x', version: 1, extension: 'jpg' } }] };
    expect(presenterHead(view([site('/', [bad])]), '/')).toEqual({ key: 'hero_home|', html: '' });
  });

  it("preloads the renderer chunks of the page's first two blocks with their imports, not the entry's", () => {
    const manifest = {
      'index.html': { file: 'assets/index-a.js', isEntry: true },
      '../../libs/web-shared/dist/blocks/HeroHome.js': {
        file: 'assets/HeroHome-b.js',
        imports: ['index.html', '_Slider-c.js'],
      },
      '_Slider-c.js': { file: 'assets/Slider-c.js', imports: ['index.html'] },
      '../../libs/web-shared/src/blocks/FormBlock.tsx': { file: 'assets/FormBlock-d.js', imports: ['index.html'] },
      '../../libs/web-shared/src/blocks/TextField.tsx': { file: 'assets/TextField-e.js', imports: ['index.html'] },
    };
    const head = presenterHead(view([site('/', [hero, { type: 'form' }, { type: 'text_field' }])]), '/', manifest);
    const preloads = [...head.html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual([
      '/build/presenter/assets/HeroHome-b.js',
      '/build/presenter/assets/Slider-c.js',
      '/build/presenter/assets/FormBlock-d.js',
    ]);
    // the hero image first: the largest paint
    expect(head.html.indexOf('as="image"')).toBeLessThan(head.html.indexOf('modulepreload'));
  });

  it('composes one page per head key within a data version', () => {
    const cache = new InlinedPageCache();
    const index = Buffer.from(INDEX);
    const init = { etag: 'W/"1"', identity: Buffer.from('{"data":[]}') };
    const withHero = cache.get(index, init, () => presenterHead(view([site('/', [hero])]), '/'));
    expect(withHero?.identity.toString()).toContain('rel="preload" as="image" href="/image/medium/57-2.jpg"');
    const plain = cache.get(index, init, () => ({ key: '', html: '' }));
    expect(plain?.identity.toString()).not.toContain('as="image"');
    expect(cache.get(index, init, () => presenterHead(view([site('/', [hero])]), '/'))).toBe(withHero);
  });
});

/** issue 17: the presenter's page carries its server-rendered markup in #root */
describe('server-rendered markup', () => {
  const preload = '<link rel="modulepreload" crossorigin href="/build/presenter/assets/HeroHome-a.js">';

  it('goes into the root element, the data block after it; the scripts, which only hydrate it, are asked for after the first paint', () => {
    const html = inlineInit(INDEX, '{"data":[]}', preload, '<main><h1>Haus am Fluß</h1></main>') as string;
    expect(html).toContain('<div id="root"><main><h1>Haus am Fluß</h1></main></div>');
    expect(html.indexOf(INIT_DATA_ID)).toBeGreaterThan(html.indexOf('Haus am Fluß'));
    // no script or modulepreload the parser would request before the page has painted
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const loader = /<script data-hydrate>([^<]*)<\/script><\/body>/.exec(html)?.[1] as string;
    // run against a stand-in document: once the first paint is reported, the entry and then the chunk's
    // modulepreload, each in a task of its own, once (the 2 s fallback adds nothing more)
    const added: Array<Record<string, string>> = [];
    const observers: Array<{ callback: () => void; options: unknown }> = [];
    const timers: Array<() => void> = [];
    class PaintObserver {
      constructor(private readonly callback: () => void) {}
      observe(options: unknown) {
        observers.push({ callback: this.callback, options });
      }
    }
    new Function('document', 'PerformanceObserver', 'setTimeout', loader)(
      { createElement: (tag: string) => ({ tag }), head: { append: (el: Record<string, string>) => added.push(el) } },
      PaintObserver,
      (fn: () => void) => timers.push(fn),
    );
    expect(added).toEqual([]);
    expect(observers.map((o) => o.options)).toEqual([{ type: 'paint', buffered: true }]);
    observers.forEach((o) => o.callback());
    expect(added).toEqual([{ tag: 'script', crossOrigin: '', type: 'module', src: '/build/assets/index.js' }]);
    for (let task = timers.shift(); task; task = timers.shift()) task();
    expect(added).toEqual([
      { tag: 'script', crossOrigin: '', type: 'module', src: '/build/assets/index.js' },
      { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/build/presenter/assets/HeroHome-a.js' },
    ]);
    // the page's CSP allows exactly this loader
    expect(inlineScriptSources(html)).toBe(`'sha256-${createHash('sha256').update(loader).digest('base64')}'`);
  });

  it("writes the render's data on the root element, escaped (its hydration renders at that time, with those offsets)", () => {
    const data = { 'rendered-at': '1795000000000', 'zone-offsets': '[{"zone":"Europe/Vienna"}]' };
    const html = inlineInit(INDEX, '{"data":[]}', '', '<main>offen</main>', data) as string;
    expect(html).toContain(
      '<div id="root" data-rendered-at="1795000000000" data-zone-offsets="[{&quot;zone&quot;:&quot;Europe/Vienna&quot;}]">' +
        '<main>offen</main></div>',
    );
    // a page without markup has nothing to hydrate
    expect(inlineInit(INDEX, '{"data":[]}', '', '', data)).toContain('<div id="root"></div>');
  });

  it("names every inline script the server render wrote in the page's CSP, never a data block or a script file (issue 43)", () => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const reveal = '$RC("B:0","S:0")';
    const root = `<main><!--$?--><template id="B:0"></template>Wird geladen …<!--/$--></main><div hidden id="S:0"><p>Menü</p></div><script>${reveal}</script><script type="application/ld+json">{"@type":"Store"}</script>`;
    const html = inlineInit(INDEX, '{"data":[]}', '', root) as string;
    const loader = /<script data-hydrate>([^<]*)<\/script>/.exec(html)![1];
    expect(inlineScriptSources(html)).toBe(`${sha(reveal)} ${sha(loader)}`);
    // the start-up batch (application/json) and the entry (src) are no inline scripts to allow
    expect(
      inlineScriptSources(`<script type="module" src="/a.js"></script><script type='application/json'>{}</script>`),
    ).toBeNull();
    expect(inlineScriptSources(`<SCRIPT type=module>go()</SCRIPT>`)).toBe(sha('go()'));
  });

  it('leaves the scripts of a page without server markup as they are (they render it)', () => {
    const html = inlineInit(INDEX, '{"data":[]}', preload) as string;
    expect(html).not.toContain('data-hydrate');
    expect(html).toContain('<script type="module" crossorigin src="/build/assets/index.js">');
    expect(inlineScriptSources(html)).toBeNull();
  });
});
