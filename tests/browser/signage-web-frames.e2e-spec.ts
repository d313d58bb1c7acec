/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { launchBrowser, newPage } from '../support/browser.js';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

/**
 * issue 20: web segments from other hosts. The player's page lists the origins its scene's web segments allow in
 * its CSP frame-src: in Chromium a page of a listed second origin (a *.localhost name of this machine) shows, and a
 * page it redirects to on an origin nobody listed is blocked by the browser.
 */
describe('signage player: web segments of other origins', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  let site: Server;
  let port: number;

  beforeAll(async () => {
    if (!existsSync(resolve('web/player/dist/index.html')))
      throw new Error('web/player/dist/index.html is missing: build it first (npx nx run @shop/web-player:build)');
    // the second origin: its own port, reached as frames.localhost (allowed) and elsewhere.localhost (not listed)
    site = createServer((req, res) => {
      if (req.url === '/weiter') {
        res.writeHead(302, { location: `http://elsewhere.localhost:${port}/seite` });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="de"><title>Wetter</title><p>Wetter von ${req.headers.host}</p></html>`);
    });
    await new Promise<void>((done) => site.listen(0, done));
    port = (site.address() as AddressInfo).port;
    stack = await startStack('signage-frames');
    await stack.seed();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await new Promise((done) => site?.close(done));
  }, STACK_CLOSE_MS);

  it('shows a web segment of a listed origin and blocks a redirect to one not listed', async () => {
    const branch = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data.id;
    const allowed = `http://frames.localhost:${port}`;
    const web = async (name: string, path: string) =>
      (
        await admin
          .post('/api/digital-signage-segments', {
            name,
            type: 'web',
            url: `${allowed}${path}`,
            frameOrigins: [allowed],
            durationSeconds: 3600,
          })
          .expect(201)
      ).body.data.id;
    const stream = async (name: string, segment: number) =>
      (await admin.post('/api/digital-signage-streams', { name, segments: [segment] }).expect(201)).body.data.id;
    const scene = (
      await admin
        .post('/api/scenes', {
          path: '/web',
          name: 'Web',
          regions: [
            { name: 'Links', width: 50, stream: await stream('Erlaubt', await web('Erlaubt', '/seite')) },
            {
              name: 'Rechts',
              x: 50,
              width: 50,
              stream: await stream('Umgeleitet', await web('Umgeleitet', '/weiter')),
            },
          ],
        })
        .expect(201)
    ).body.data;
    const tv = (
      await admin
        .post('/api/digital-signage-devices', {
          identifier: 'tv-web',
          name: 'TV Web',
          branch,
          scene: scene.id,
          powerSchedule: [{ type: 'daily', from: '00:00', to: '24:00' }],
        })
        .expect(201)
    ).body.data;

    const { page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    await page.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
      );
    });
    await page.goto(`/player/#identifier=${tv.identifier}&key=${tv.key}`);
    // the player moves to its TV's page, whose policy names the listed origin
    await page.waitForURL(/\/player\/\?device=tv-web$/);
    await page.locator('main[data-connected="true"]').waitFor();
    await page.frameLocator('iframe[title="Erlaubt"]').getByText(`Wetter von frames.localhost:${port}`).waitFor();

    // the redirect leaves the listed origins: Chromium refuses the frame and reports it (the report may name the
    // URL before the redirect, so it is told apart by its directive and by what the frame shows)
    await page.waitForFunction(() =>
      (window as unknown as { violations: string[] }).violations.some((v) => v.startsWith('frame-src ')),
    );
    const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    expect(violations.every((v) => v.startsWith('frame-src ') && /\/\/(elsewhere|frames)\.localhost/.test(v))).toBe(
      true,
    );
    expect(await page.frameLocator('iframe[title="Umgeleitet"]').getByText('Wetter von').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);
});
