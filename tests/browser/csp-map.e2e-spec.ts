import { createServer, type Server } from 'node:http';
import { waitFor } from '@shop/testing';
import { nodePath } from '@shop/domain';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import request from 'supertest';
import { launchBrowser, newPage, requireBuiltApp, whenHydrated } from '../support/browser.js';
import {
  ADMIN,
  freePort,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

/**
 * Issue 43 item 5, the maps under the CSP in Chromium, against a local stand-in tile server (MAP_STYLE_URL names its
 * style JSON, whose raster tiles it serves too): with the map plugin on, a token and consent, the storefront's branch
 * map and a presenter project's map draw their canvas and fetch tiles, mapbox-gl's `blob:` worker runs, and no CSP
 * violation is reported; while the tile server fails (offline) and without a token, the map's box shows the address
 * and a directions link instead; without a token the pages' CSP stays strict (no `blob:` worker, no map hosts).
 */
describe('maps under the Content Security Policy in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  let tiles: Server;
  let tileOrigin: string;
  let presenterUrl: string;
  let projectPath: string;
  const PRESENTER_HOST = 'immobilien.localhost';
  const served = { style: 0, tiles: 0, failing: false };

  beforeAll(async () => {
    requireBuiltApp('storefront');
    requireBuiltApp('presenter');
    const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#c8d8c0' } })
      .png()
      .toBuffer();
    const port = await freePort();
    tileOrigin = `http://127.0.0.1:${port}`;
    const style = {
      version: 8,
      sources: { base: { type: 'raster', tiles: [`${tileOrigin}/tiles/{z}/{x}/{y}.png`], tileSize: 256 } },
      layers: [
        { id: 'background', type: 'background', paint: { 'background-color': '#eeeeee' } },
        { id: 'base', type: 'raster', source: 'base' },
      ],
    };
    tiles = createServer((req, res) => {
      res.setHeader('access-control-allow-origin', '*');
      if (served.failing) return void res.writeHead(503).end();
      if (req.url === '/style.json') {
        served.style++;
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(style));
      }
      if (req.url?.startsWith('/tiles/')) {
        served.tiles++;
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((done) => tiles.listen(port, '127.0.0.1', done));

    stack = await startStack('csp-map', { MAP_STYLE_URL: `${tileOrigin}/style.json` });
    await stack.seedContent(await stack.seed());
    admin = await login(stack, ADMIN);
    await setToken('pk.test-token');
    presenterUrl = stack.baseUrl.replace('127.0.0.1', PRESENTER_HOST);
    const batch = (await request(stack.baseUrl).get('/api/init').set('host', PRESENTER_HOST).expect(200)).body
      .data as Array<{ url: string; data: unknown }>;
    type Node = { id: number; type: string; isPublic: boolean; content: Record<string, unknown> };
    const nodes = batch.find((e) => e.url === '/api/nodes')!.data as Node[];
    const project = nodes.find(
      (n) =>
        n.type === 'project' &&
        n.isPublic &&
        (n.content.body as Array<{ type: string }>).some((b) => b.type === 'map_columns'),
    );
    projectPath = nodePath(nodes, project!)!;
    browser = await launchBrowser();
  }, STACK_START_MS);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await new Promise((done) => tiles?.close(done));
  }, STACK_CLOSE_MS);

  /** The cookie banner's 'Akzeptieren' (a project page's contact form has 'Datenschutzerklärung akzeptieren' too). */
  async function acceptCookies(page: Page) {
    await whenHydrated(page);
    await page.getByRole('button', { name: 'Akzeptieren', exact: true }).click();
  }

  /**
   * The shop's map token, with the map plugin and the storefront's home page (its branch map) on, once the visitors'
   * start-up batch has it.
   */
  async function setToken(token: string | null) {
    const config = (await admin.get('/api/config').expect(200)).body.data;
    await admin
      .post('/api/config', { ...config, enablePluginMapbox: true, enablePluginHomePage: true, mapboxToken: token })
      .expect(200);
    await waitFor(
      async () => {
        const init = (await request(stack.baseUrl).get('/api/init').expect(200)).body.data as Array<{
          url: string;
          data: { mapboxToken?: string | null };
        }>;
        return init.find((e) => e.url === '/api/config')!.data.mapboxToken === token;
      },
      10_000,
      200,
    );
  }

  /** A page that records every CSP violation (the DOM event in every document and Chromium's console report). */
  async function watchedPage(base: string): Promise<{ page: Page; violations: string[]; close: () => Promise<void> }> {
    const { context, page } = await newPage(browser, base, { timeoutMs: 30_000 });
    const violations: string[] = [];
    await context.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
          `${e.violatedDirective} blocked ${e.blockedURI} on ${location.pathname}`,
        ),
      ),
    );
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    return { page, violations, close: () => context.close() };
  }

  it('with a token and consent: the storefront branch map and a project map draw their tiles, no CSP violation', async () => {
    const before = served.tiles;
    const storefront = await watchedPage(stack.baseUrl);
    await storefront.page.goto('/');
    await acceptCookies(storefront.page);
    await storefront.page.locator('.map canvas.mapboxgl-canvas').waitFor();
    // a marker per branch with coordinates, a route link each
    expect(await storefront.page.locator('.mapboxgl-marker').count()).toBeGreaterThan(1);
    await waitFor(() => served.tiles > before, 20_000, 100);
    expect(storefront.violations).toEqual([]);
    await storefront.close();

    const presenter = await watchedPage(presenterUrl);
    await presenter.page.goto(projectPath);
    await acceptCookies(presenter.page);
    await presenter.page.locator('.block--map-columns').scrollIntoViewIfNeeded();
    await presenter.page.locator('.block--map-columns canvas.mapboxgl-canvas').waitFor();
    expect(presenter.violations).toEqual([]);
    await presenter.close();
    expect(served.style).toBeGreaterThan(1);
  }, 120_000);

  it('offline (the tile server fails): the address and a directions link in the map box, never an empty box', async () => {
    served.failing = true;
    try {
      const storefront = await watchedPage(stack.baseUrl);
      await storefront.page.goto('/');
      await acceptCookies(storefront.page);
      const fallback = storefront.page.locator('.map--fallback');
      await fallback.getByRole('link', { name: 'Route berechnen' }).first().waitFor();
      expect(await fallback.locator('address').first().textContent()).toMatch(/Donaugenuss/);
      expect(await storefront.page.locator('.map[role="region"]').count()).toBe(0);
      expect(storefront.violations).toEqual([]);
      await storefront.close();

      const presenter = await watchedPage(presenterUrl);
      await presenter.page.goto(projectPath);
      await acceptCookies(presenter.page);
      await presenter.page.locator('.block--map-columns').scrollIntoViewIfNeeded();
      const link = presenter.page.locator('.block--map-columns .map--fallback').getByRole('link', {
        name: 'Route berechnen',
      });
      await link.waitFor();
      expect(await link.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
      expect(presenter.violations).toEqual([]);
      await presenter.close();
    } finally {
      served.failing = false;
    }
  }, 120_000);

  it('without a token: the address and a directions link, and the pages keep the strict CSP', async () => {
    await setToken(null);
    try {
      const csp = String((await request(stack.baseUrl).get('/').expect(200)).headers['content-security-policy']);
      expect(csp).toMatch(/worker-src 'self'(;|$)/);
      expect(csp).not.toContain(tileOrigin);
      const presenter = await watchedPage(presenterUrl);
      await presenter.page.goto(projectPath);
      await acceptCookies(presenter.page);
      const box = presenter.page.locator('.block--map-columns .map--fallback');
      await box.getByRole('link', { name: 'Route berechnen' }).waitFor();
      expect((await box.locator('address').textContent())?.trim()).not.toBe('');
      expect(await presenter.page.locator('.mapboxgl-canvas').count()).toBe(0);
      expect(presenter.violations).toEqual([]);
      await presenter.close();
    } finally {
      await setToken('pk.test-token');
    }
    // with the token the CSP lets the map's worker and hosts in
    const csp = String((await request(stack.baseUrl).get('/').expect(200)).headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self' blob:/);
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${tileOrigin.replaceAll('.', '\\.')}`));
  }, 120_000);
});
