/// <reference lib="dom" />
import { waitFor } from '@shop/testing';
import type { Browser, Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { alwaysOnTv, fullScreenScene } from '../support/signage-player.js';
import { launchBrowser, newPage } from '../support/browser.js';
import { loginViaUi } from './backoffice-support.js';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

/** One second of a canvas changing colour, recorded as WebM by Chromium's MediaRecorder. */
async function recordWebm(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const bytes = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 36;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((done) => (recorder.onstop = done));
      recorder.start();
      // frames to record: the content of the clip, not a wait for something
      for (let i = 0; i < 10; i++) {
        g.fillStyle = i % 2 ? '#c00000' : '#0000c0';
        g.fillRect(0, 0, 64, 36);
        await new Promise((r) => setTimeout(r, 100));
      }
      recorder.stop();
      await stopped;
      return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
    });
    return Buffer.from(bytes);
  } finally {
    await page.close();
  }
}

/** records the page's CSP violations (from its first script on) as "directive blocked-URI" */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { violations: string[] };
    w.violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

/** until the page's video has its first frame (HAVE_CURRENT_DATA) */
const videoPlays = (page: Page) =>
  page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2, undefined, { timeout: 30_000 });

/**
 * issue 20: web segments and videos from other hosts. The player's page lists the origins its scene's web segments
 * allow in its CSP frame-src: in Chromium a page of a listed second origin (a *.localhost name of this machine) shows,
 * and a page it redirects to on an origin nobody listed is blocked by the browser. It lists the hosts of its videos
 * in media-src: a video of a second origin (another port of 127.0.0.1) plays on the TV and in the back office's
 * stream preview without a CSP violation, and the TV fetches it ahead into its offline cache.
 */
describe('signage player: web segments and videos of other origins', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  let site: Server;
  let port: number;
  /** a short WebM recorded by Chromium itself at the start (no video file in the repository) */
  let clip: Buffer;

  beforeAll(async () => {
    if (!existsSync(resolve('web/player/dist/index.html')))
      throw new Error('web/player/dist/index.html is missing: build it first (npx nx run @shop/web-player:build)');
    // the second origin: its own port, reached as frames.localhost (allowed) and elsewhere.localhost (not listed)
    site = createServer((req, res) => {
      if (req.url === '/clip.webm') {
        res.writeHead(200, {
          'content-type': 'video/webm',
          'content-length': clip.length,
          'access-control-allow-origin': '*',
        });
        res.end(clip);
        return;
      }
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
    clip = await recordWebm(browser);
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
    const tv = await alwaysOnTv(admin, { identifier: 'tv-web', name: 'TV Web', branch, scene: scene.id });

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

  it('plays a video of another origin on the TV and in the stream preview, and caches it ahead', async () => {
    const branch = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data.id;
    const origin = `http://127.0.0.1:${port}`;
    expect(origin).not.toBe(new URL(stack.baseUrl).origin);
    const video = (
      await admin
        .post('/api/digital-signage-segments', {
          name: 'Clip',
          type: 'video',
          url: `${origin}/clip.webm`,
          durationSeconds: 3600,
        })
        .expect(201)
    ).body.data;
    const scene = await fullScreenScene(admin, { path: '/clip', name: 'Clip', segments: [video.id] });
    const tv = await alwaysOnTv(admin, { identifier: 'tv-clip', name: 'TV Clip', branch, scene: scene.id });

    const { page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    const violations = await recordViolations(page);
    const tvPage = page.waitForResponse((r) => r.url().endsWith('/player/?device=tv-clip'));
    await page.goto(`/player/#identifier=${tv.identifier}&key=${tv.key}`);
    const policy = String((await tvPage).headers()['content-security-policy']);
    expect(/media-src ([^;]*)/.exec(policy)?.[1]).toBe(`'self' data: blob: ${origin}`);
    await page.locator('main[data-connected="true"]').waitFor();
    await videoPlays(page);
    expect(await violations()).toEqual([]);
    // fetched ahead into the media cache (the second origin allows CORS, so a readable copy)
    // the page's Cache API (not through its service worker): what the screen has for playing offline
    const cached = (url: string) =>
      page.evaluate(
        async (u) => (await (await caches.open('signage-player-media-v1')).keys()).some((r) => r.url === u),
        url,
      );
    await waitFor(() => cached(`${origin}/clip.webm`), 30_000, 200);

    // the back office's preview of the stream: the player's page in a frame of the streams screen
    const office = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    const officeViolations = await recordViolations(office.page);
    await office.page.goto('/backend/login?next=%23%2Fsignage%2Fstreams');
    await loginViaUi(office.page, ADMIN, { here: true });
    await office.page.getByRole('button', { name: 'Clip', exact: true }).click();
    await office.page.getByRole('button', { name: 'Vorschau', exact: true }).click();
    await office.page.frameLocator('iframe[title="Vorschau: Clip"]').locator('video').waitFor();
    const frame = office.page.frames().find((f) => f.url().includes(`preview-stream=${scene.streamId}`));
    expect(frame).toBeDefined();
    await frame!.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2, undefined, {
      timeout: 30_000,
    });
    expect(await officeViolations()).toEqual([]);
    expect(await frame!.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect([...errors, ...office.errors]).toEqual([]);
  }, 120_000);
});
