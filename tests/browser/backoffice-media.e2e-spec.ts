/// <reference lib="dom" />
import type { FontFamilyInfo, Image, ImageTemplate } from '@shop/contracts';
import type { Browser } from 'playwright-core';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { axeViolations } from '../../scripts/quality/backoffice-screens.mjs';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import { ADMIN, startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';
import { loginViaUi } from './backoffice-support.js';

/** A local stand-in for a font CDN (the CSS API and its files) and for an OpenAI-compatible endpoint. */
function fakeUpstreams() {
  let base = '';
  const aiAnswers: unknown[] = [];
  const hits: string[] = [];
  const server: Server = createServer(async (req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/css2') {
      const family = (url.searchParams.get('family') ?? '').split(':')[0];
      if (family !== 'Lobster') return void res.writeHead(400).end('unknown family');
      res.writeHead(200, { 'content-type': 'text/css' });
      return void res.end(
        `@font-face {\n  font-family: 'Lobster';\n  font-style: normal;\n  font-weight: 400;\n` +
          `  src: url(${base}/s/lobster/v1/regular.woff2) format('woff2');\n}\n`,
      );
    }
    if (url.pathname.startsWith('/s/')) {
      res.writeHead(200, { 'content-type': 'font/woff2' });
      return void res.end(Buffer.from(`wOF2${url.pathname}`));
    }
    if (url.pathname.startsWith('/v1/')) {
      for await (const chunk of req) void chunk;
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(aiAnswers.shift() ?? {}));
    }
    res.writeHead(404).end();
  });
  return {
    hits,
    /** the AI endpoint's next answer */
    answer: (body: unknown) => aiAnswers.push(body),
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

/**
 * issue 18 "Media library" in Chromium against the stack: an image uploaded, its alt text set, its six sizes
 * listed and served; an image template with a text layer saved and rendered as a preview; a Google family fetched
 * to the server (from a local fake upstream) and listed; an AI image (a local fake endpoint) added to the library
 * after a failed first answer and a retry; axe-core on every screen and dialog.
 */
describe('back office: media library', () => {
  const upstream = fakeUpstreams();
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    const base = await upstream.start();
    stack = await startStack('bo-media', {
      FONTS_UPSTREAM_URL: base,
      FONTS_FILE_HOSTS: new URL(base).host,
      CONTENT_AI_URL: `${base}/v1`,
      CONTENT_AI_KEY: 'test-key',
    });
    await stack.seed();
    browser = await launchBrowser();
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await upstream.close();
  }, STACK_CLOSE_MS);

  it('uploads an image, sets its alt text, shows its sizes, renders a template, fetches a font and adds an AI image', async () => {
    const file = resolve(stack.filesDir, 'garten.png');
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a7bc8' } })
      .png()
      .toFile(file);
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await page.goto('/backend/login?next=%23%2Fmedia');
    await loginViaUi(page, ADMIN, { here: true });
    await page.getByRole('heading', { name: 'Bilder', level: 1 }).waitFor();
    // reachable from the navigation
    expect(await page.getByRole('link', { name: 'Mediathek' }).getAttribute('href')).toBe('#/media');

    // upload
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/images') && r.request().method() === 'POST');
    await page.getByLabel('Bilder hochladen').setInputFiles(file);
    expect((await uploaded).status()).toBe(201);
    const image = ((await (await uploaded).json()) as { data: Image }).data;
    const card = page.getByRole('listitem', { name: 'garten.png' });
    await card.waitFor();

    // its six sizes: srcset and the list, each served
    expect(await card.locator('img').getAttribute('srcset')).toContain(`/image/large/${image.id}-1.png 1920w`);
    await card.getByText('Größen').click();
    const sizes = card.getByRole('list', { name: 'Größen: garten.png' }).getByRole('link');
    expect(await sizes.allTextContents()).toEqual([
      'icon: 64 px breit',
      'thumbnail: 128 px breit',
      'tiny: 256 px breit',
      'small: 640 px breit',
      'medium: 1280 px breit',
      'large: 1920 px breit',
      'Original',
    ]);
    for (const href of await sizes.evaluateAll((links) => links.map((a) => a.getAttribute('href')!)))
      await request(stack.baseUrl).get(href).expect(200);
    expect(await axeViolations(page)).toEqual([]);

    // alt text
    await card.getByLabel('Alternativtext').fill('Blauer Garten');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/images/${image.id}`) && r.request().method() === 'PUT',
    );
    await card.getByRole('button', { name: 'Speichern (garten.png)' }).click();
    expect((await saved).status()).toBe(200);
    expect(((await (await saved).json()) as { data: Image }).data.alt).toBe('Blauer Garten');
    await page.getByText('Bild wurde gespeichert.').waitFor();

    // replaced with a new file: the same image, version 2, its sizes at the new address
    const replacement = resolve(stack.filesDir, 'garten-neu.png');
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a9d4b' } })
      .png()
      .toFile(replacement);
    const replaced = page.waitForResponse(
      (r) => r.url().endsWith(`/api/images/${image.id}`) && r.request().method() === 'PUT',
    );
    await card.getByLabel('Datei ersetzen (garten.png)').setInputFiles(replacement);
    expect(((await (await replaced).json()) as { data: Image }).data).toMatchObject({
      id: image.id,
      version: 2,
      width: 800,
      alt: 'Blauer Garten',
    });
    await page.getByText('Die Datei wurde ersetzt (Version 2).').waitFor();
    await page.locator(`img[srcset*="/image/large/${image.id}-2.png"]`).waitFor();

    // the delete confirmation (a dialog), cancelled
    await card.getByRole('button', { name: 'Löschen (garten.png)' }).click();
    await page.getByRole('dialog', { name: 'Bild „garten.png“ wirklich löschen?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();

    // AI image: a generation the page polls; the endpoint's first answer is unusable (the failed generation's German
    // reason with a retry), the retry works
    upstream.answer({ nonsense: true });
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8873a' } })
      .png()
      .toBuffer();
    await page.getByLabel('Beschreibung des Bildes *').fill('Ein Haus am See');
    await page.getByLabel('Name des Bildes (optional)').fill('KI-Haus');
    await page.getByRole('button', { name: 'Bild erstellen' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Die KI hat gerade keinen gültigen Inhalt geliefert.' });
    await failure.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    upstream.answer({ data: [{ b64_json: picture.toString('base64') }] });
    const generated = page.waitForResponse((r) => r.url().endsWith('/api/content-ai/generate/image'));
    await failure.getByRole('button', { name: 'Erneut versuchen' }).click();
    // started at once (202); the picture appears once the polled generation is done
    expect((await generated).status()).toBe(202);
    await page.getByRole('listitem', { name: 'KI-Haus' }).waitFor();
    // and deleted after the confirmation
    await page.getByRole('button', { name: 'Löschen (KI-Haus)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Bild wurde gelöscht.').waitFor();
    await page.getByRole('listitem', { name: 'KI-Haus' }).waitFor({ state: 'detached' });

    // uploads
    await request(stack.baseUrl)
      .post('/api/uploads')
      .send({ data: `data:text/plain;base64,${Buffer.from('Hallo').toString('base64')}`, filename: 'notiz.txt' })
      .expect(201);
    await page
      .getByRole('navigation', { name: 'Bereiche der Mediathek' })
      .getByRole('link', { name: 'Uploads' })
      .click();
    await page.getByRole('cell', { name: 'notiz.txt', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Öffnen (notiz.txt)' }).getAttribute('href')).toMatch(
      /^\/upload\/[\w-]+\/\d+-1\.txt$/,
    );
    expect(await axeViolations(page)).toEqual([]);

    // an image template with a text layer, saved and rendered as a preview
    await page.getByRole('link', { name: 'Bildvorlagen' }).click();
    await page.getByRole('heading', { name: 'Bildvorlagen', level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Neue Bildvorlage' }).click();
    await page.getByLabel('Kennung *').fill('sommer-banner');
    await page.getByLabel('Breite (px)', { exact: true }).fill('400');
    await page.getByLabel('Höhe (px)', { exact: true }).fill('200');
    await page.getByRole('button', { name: 'Bildebene hinzufügen' }).click();
    const imageLayer = page.getByRole('group', { name: 'Ebene 1: Bild' });
    await imageLayer.getByLabel('Bild', { exact: true }).selectOption({ label: 'garten.png' });
    await imageLayer.getByLabel('Breite (px, leer: Originalgröße)').fill('400');
    await imageLayer.getByLabel('Höhe (px, leer: Originalgröße)').fill('200');
    await page.getByRole('button', { name: 'Textebene hinzufügen' }).click();
    const textLayer = page.getByRole('group', { name: 'Ebene 2: Text' });
    await textLayer.getByLabel('Text', { exact: true }).fill('Sommerfest');
    await textLayer.getByLabel('Schriftgröße (px)').fill('40');
    await textLayer.getByLabel('Links (px)').fill('20');
    await textLayer.getByLabel('Oben (px)').fill('30');
    await textLayer.getByLabel('Farbe').fill('#ffffff');
    expect(await axeViolations(page)).toEqual([]);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/image-templates') && r.request().method() === 'POST',
    );
    const rendered = page.waitForResponse((r) => /\/api\/image-templates\/\d+\/render$/.test(r.url()));
    await page.getByRole('button', { name: 'Vorschau erzeugen' }).click();
    expect((await created).status()).toBe(201);
    const template = ((await (await created).json()) as { data: ImageTemplate }).data;
    expect(template).toMatchObject({ identifier: 'sommer-banner', width: 400, height: 200 });
    expect(template.layers).toEqual([
      { type: 'image', image: image.id, x: 0, y: 0, width: 400, height: 200 },
      expect.objectContaining({ type: 'text', text: 'Sommerfest', x: 20, y: 30, fontSize: 40, color: '#ffffff' }),
    ]);
    expect((await rendered).status()).toBe(201);
    const preview = page.getByRole('img', { name: 'Vorschau der Bildvorlage sommer-banner' });
    await preview.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('.template-preview img') as HTMLImageElement | null)?.naturalWidth === 400,
    );
    await page.getByRole('heading', { name: 'Bildvorlage bearbeiten: sommer-banner' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // fonts: a family outside the patterns is refused in the form; Lobster is fetched to the server and listed
    await page.getByRole('link', { name: 'Schriftarten' }).click();
    await page.getByRole('cell', { name: 'Open Sans' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const cssHits = () => upstream.hits.filter((h) => h.startsWith('/css2')).length;
    const before = cssHits();
    await page.getByLabel('Schriftfamilie *').fill('../etc');
    await page.getByRole('button', { name: 'Auf den Server holen' }).click();
    await page.locator('#font-family-error').waitFor();
    expect(await page.getByLabel('Schriftfamilie *').getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    expect(cssHits()).toBe(before);
    await page.getByLabel('Schriftfamilie *').fill('Lobster');
    await page.getByLabel('Schnitt *').fill('regular');
    const fetched = page.waitForResponse((r) => r.url().includes('/api/fonts/google/Lobster/style-regular.embed.css'));
    await page.getByRole('button', { name: 'Auf den Server holen' }).click();
    expect((await fetched).status()).toBe(200);
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Lobster', exact: true }) });
    await row.getByRole('cell', { name: 'regular' }).first().waitFor();
    const fonts = (await request(stack.baseUrl).get('/api/fonts').expect(200)).body.data as FontFamilyInfo[];
    expect(fonts).toContainEqual({ family: 'Lobster', variants: ['regular'], stored: ['regular'] });
    expect(cssHits()).toBe(before + 1);

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
