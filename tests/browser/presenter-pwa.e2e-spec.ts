import { waitFor } from '@shop/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { launchBrowser, requireBuiltApp } from '../support/browser.js';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

/** Safari on an iPhone: it never fires `beforeinstallprompt`; the site is added through the share menu. */
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** §2.9 "Install prompt: '{shop name} als App installieren?'" */
const INSTALL_PROMPT = / als App installieren\?$/;

/**
 * The presenter's installable app in Chromium against the real stack (issue 43; storefront-presenter.md §1
 * "Visitors can … install the site as an app", §4 "App flow" and "Cookie consent", §2.9 install instructions):
 * with enablePluginPWA its manifest is linked and served, and a visitor with Safari's user agent on an iPhone gets
 * the prompt after consent, 'Installieren' registers the Workbox worker with scope / and shows the steps via the
 * share icon, and 'Installation abschliessen' unregisters it and returns to the prompt.
 */
describe('presenter: installable app (PWA plugin)', () => {
  let stack: Stack;
  let admin: StaffClient;
  let browser: Browser;
  let presenterUrl: string;

  beforeAll(async () => {
    requireBuiltApp('presenter');
    stack = await startStack('presenter-pwa');
    await stack.seed();
    admin = await login(stack, ADMIN);
    presenterUrl = stack.baseUrl.replace('127.0.0.1', 'immobilien.localhost');
    const home = await admin.post('/api/sites', {
      website: 'presenter',
      path: '/',
      name: 'Start',
      type: 'home',
      layout: 'home',
      isPublic: true,
      content: { body: [{ type: 'projects_overview', text: '<p>Unsere Projekte</p>' }] },
    });
    expect(home.status).toBe(201);
    const config = (await admin.get('/api/config').expect(200)).body.data;
    await admin.post('/api/config', { ...config, enablePluginPWA: true }).expect(200);
    await waitFor(
      async () => {
        const init = (await request(stack.baseUrl).get('/api/init').expect(200)).body.data as Array<{
          url: string;
          data: { enablePluginPWA?: boolean };
        }>;
        return init.find((e) => e.url === '/api/config')!.data.enablePluginPWA === true;
      },
      10_000,
      200,
    );
    browser = await launchBrowser();
  }, STACK_START_MS);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  async function open(userAgent?: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({
      baseURL: presenterUrl,
      locale: 'de-AT',
      timezoneId: 'Europe/Vienna',
      ...(userAgent ? { userAgent, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    return { context, page, errors };
  }

  const registrations = (page: Page) =>
    page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((r) => ({
        scope: r.scope,
        script: (r.active ?? r.waiting ?? r.installing)?.scriptURL ?? null,
      })),
    );

  it('links and serves its manifest and its Workbox worker (scope /)', async () => {
    const { context, page, errors } = await open();
    await page.goto('/');
    const link = page.locator('link[rel="manifest"]');
    await link.waitFor({ state: 'attached' });
    const href = await link.getAttribute('href');
    expect(href).toBe('/build/presenter/manifest.webmanifest');
    // fetched by the page (the test's own HTTP client does not resolve *.localhost, Chromium does)
    const get = (url: string) =>
      page.evaluate(async (u) => {
        const res = await fetch(u);
        return {
          status: res.status,
          type: res.headers.get('content-type'),
          allowed: res.headers.get('service-worker-allowed'),
          body: await res.text(),
        };
      }, url);
    const res = await get(href!);
    expect(res.type).toBe('application/manifest+json');
    const manifest = JSON.parse(res.body);
    expect(manifest).toMatchObject({ lang: 'de', start_url: '/', scope: '/', display: 'standalone' });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
      const iconRes = await get(icon.src);
      expect([iconRes.status, iconRes.type]).toEqual([200, icon.type]);
    }
    const worker = await get('/build/presenter/service-worker.js');
    expect([worker.status, worker.allowed]).toEqual([200, '/']);
    expect(worker.body).toContain('workbox');
    // nothing is registered before the visitor asks for it
    expect(await registrations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("Safari on an iPhone: the prompt after consent, the share icon steps after 'Installieren', back to the prompt after 'Installation abschliessen'", async () => {
    const { context, page, errors } = await open(IPHONE_SAFARI);
    await page.goto('/');
    await page.locator('link[rel="manifest"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Akzeptieren' }).click();
    const prompt = page.getByRole('region', { name: INSTALL_PROMPT });
    await prompt.getByRole('button', { name: 'Installieren' }).click();
    const steps = page.getByRole('region', { name: 'Fast geschafft!' });
    await steps.waitFor();
    const text = await steps.innerText();
    expect(text).toContain('Tippen Sie in der Leiste Ihres Browsers auf das Teilen-Symbol.');
    expect(text).toContain("Wählen Sie 'Zum Home-Bildschirm' und bestätigen Sie mit 'Hinzufügen'.");
    await page.evaluate(() => navigator.serviceWorker.ready);
    expect(await registrations(page)).toEqual([
      { scope: `${presenterUrl}/`, script: `${presenterUrl}/build/presenter/service-worker.js` },
    ]);

    await steps.getByRole('button', { name: 'Installation abschliessen' }).click();
    await steps.waitFor({ state: 'detached' });
    await prompt.getByRole('button', { name: 'Installieren' }).waitFor();
    await waitFor(async () => (await registrations(page)).length === 0, 5000, 100);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
