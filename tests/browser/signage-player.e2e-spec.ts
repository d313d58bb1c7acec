/// <reference lib="dom" />
import { waitFor } from '@shop/testing';
import type { Browser } from 'playwright-core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadGatewayConfig } from '../../gateway/src/config/gateway-config.js';
import { createGatewayApp } from '../../gateway/src/bootstrap/create-gateway-app.js';
import { listenGateway } from '../../gateway/src/bootstrap/listen-gateway.js';
import { alwaysOnTv, fullScreenScene } from '../support/signage-player.js';
import { launchBrowser, newPage } from '../support/browser.js';
import { openAllDay } from './backoffice-support.js';
import sharp from 'sharp';
import request from 'supertest';
import {
  ADMIN,
  login,
  orderableProductOf,
  startStack,
  takeawayOrder,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * issue 20: the signage player in Chromium against the real stack: it shows its scene, a command from the API
 * reaches it by push (the 1 s target is the bench's) and abort stops it; with the gateway stopped it keeps playing
 * from its cache (also after a reload), shows an image it had not shown yet (fetched ahead when the schedule came)
 * and picks up a change once the gateway is back.
 */
describe('signage player', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  let restarted: NestFastifyApplication | null = null;

  beforeAll(async () => {
    if (!existsSync(resolve('web/player/dist/index.html')))
      throw new Error('web/player/dist/index.html is missing: build it first (npx nx run @shop/web-player:build)');
    stack = await startStack('signage-player');
    await stack.seed();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await restarted?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  it('plays its scene, runs a pushed command, stops it on abort and plays on without the gateway', async () => {
    const branch = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data.id;
    // the text plays for 10 minutes, then the image: online the image is never shown (the clock is moved offline)
    const text = (
      await admin
        .post('/api/digital-signage-segments', {
          name: 'Gruß',
          type: 'text',
          text: 'Willkommen in der Innenstadt',
          durationSeconds: 600,
        })
        .expect(201)
    ).body.data;
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#c00000' } })
      .png()
      .toBuffer();
    const image = (
      await admin
        .post('/api/images', {
          data: `data:image/png;base64,${png.toString('base64')}`,
          name: 'Krapfen',
          alt: 'Krapfen',
        })
        .expect(201)
    ).body.data;
    const picture = (
      await admin
        .post('/api/digital-signage-segments', {
          name: 'Krapfen',
          type: 'image',
          image: { id: image.id, version: image.version, extension: image.extension },
          durationSeconds: 600,
        })
        .expect(201)
    ).body.data;
    const scene = await fullScreenScene(admin, { path: '/theke', name: 'Theke', segments: [text.id, picture.id] });
    const tv = await alwaysOnTv(admin, { identifier: 'tv-theke', name: 'TV Theke', branch, scene: scene.id });

    const { page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    await page.goto(`/player/#identifier=${tv.identifier}&key=${tv.key}`);
    await page.getByText('Willkommen in der Innenstadt').waitFor();
    await page.locator('main[data-connected="true"]').waitFor();

    const issued = (await admin.post(`/api/digital-signage-devices/${tv.id}/command`, { type: 'identify' }).expect(200))
      .body.data;
    await page.getByRole('status').getByText('TV Theke').waitFor();
    const acknowledged = await waitFor(async () => {
      const d = (await admin.get(`/api/digital-signage-devices/${tv.id}`).expect(200)).body.data;
      return d.command.id === issued.command.id && d.command.state === 'acknowledged' ? d : null;
    });
    // pushed, not fetched later: the player never polls for commands, so an acknowledgement while connected is the
    // push. The step's limit (server stamps: record → acknowledgement) is generous for a loaded CI machine; the
    // issue's 1 s is the subject of scripts/bench/signage-bench.mjs (one command to 1,000 players, the time until
    // 50 %, 99 % and all acknowledged; its runs are in scripts/bench/README.md)
    const { createdAt, acknowledgedAt } = acknowledged.command as { createdAt: string; acknowledgedAt: string };
    expect(Date.parse(acknowledgedAt) - Date.parse(createdAt)).toBeLessThan(5000);
    await admin.post(`/api/digital-signage-devices/${tv.id}/command/abort`).expect(200);
    await page.getByRole('status').waitFor({ state: 'detached' });

    // the service worker controls the page once it is active: then the player and its schedule are cached
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.getByText('Willkommen in der Innenstadt').waitFor();
    // the schedule's image is fetched ahead, though not shown yet
    const imageUrl = `${stack.baseUrl}/image/${image.id}-${image.version}.${image.extension}`;
    // the page's Cache API (not through its service worker): what the screen has for playing offline
    const cached = (url: string) =>
      page.evaluate(
        async (u) => (await (await caches.open('signage-player-media-v1')).keys()).some((r) => r.url === u),
        url,
      );
    await waitFor(() => cached(imageUrl), 30_000, 200);
    expect(await page.locator('img').count()).toBe(0);

    // the gateway goes away: the screen keeps playing, also after a reload from the cache
    const port = Number(new URL(stack.baseUrl).port);
    await stack.gateway.close();
    await page.locator('main[data-connected="false"]').waitFor();
    await page.clock.install();
    await page.reload();
    await page.getByText('Willkommen in der Innenstadt').waitFor();
    // ten minutes on: the image it never showed online shows from the cache
    await page.clock.fastForward('10:00');
    const shown = page.getByRole('img', { name: 'Krapfen' });
    await shown.waitFor();
    await page.waitForFunction(() => (document.querySelector('img')?.naturalWidth ?? 0) > 0);
    // and on to the text again
    await page.clock.fastForward('10:00');
    await page.getByText('Willkommen in der Innenstadt').waitFor();

    // back with a change made meanwhile: the player reconnects (backoff with jitter) and shows it
    restarted = await createGatewayApp(loadGatewayConfig(stack.env));
    await listenGateway(restarted, port, '127.0.0.1');
    await admin.put(`/api/digital-signage-segments/${text.id}`, { ...text, text: 'Heute frische Krapfen' }).expect(200);
    await page.getByText('Heute frische Krapfen').waitFor({ timeout: 90_000 });
    expect(errors).toEqual([]);
  }, 180_000);

  it('shows the pickup board following staff actions and the menu board dropping a disabled product', async () => {
    const branch = (await openAllDay(admin, ['wien-innere-stadt']))['wien-innere-stadt']!.id;
    const seg = async (name: string, type: string) =>
      (await admin.post('/api/digital-signage-segments', { name, type, durationSeconds: 3600 }).expect(201)).body.data
        .id;
    const stream = async (name: string, segment: number) =>
      (await admin.post('/api/digital-signage-streams', { name, segments: [segment] }).expect(201)).body.data.id;
    const pickupStream = await stream('Abholung', await seg('Abholtafel', 'pickup-board'));
    const menuStream = await stream('Karte', await seg('Menütafel', 'menu-board'));
    const scene = (
      await admin
        .post('/api/scenes', {
          path: '/boards',
          name: 'Tafeln',
          regions: [
            { name: 'Links', width: 50, stream: pickupStream },
            { name: 'Rechts', x: 50, width: 50, stream: menuStream },
          ],
        })
        .expect(201)
    ).body.data;
    const tv = await alwaysOnTv(admin, { identifier: 'tv-tafeln', name: 'TV Tafeln', branch, scene: scene.id });
    const productId = await orderableProductOf(admin, branch);
    const product = (await admin.get(`/api/products/${productId}`).expect(200)).body.data;

    const { page } = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    await page.goto(`/player/#identifier=${tv.identifier}&key=${tv.key}`);
    await page.locator('main[data-connected="true"]').waitFor();
    const menu = page.getByTestId('menu-board');
    const line = menu.getByRole('listitem').filter({ hasText: product.name });
    await line.first().waitFor();
    expect(await line.first().getAttribute('class')).not.toContain('sold-out');

    const order = await waitFor(async () => {
      const res = await request(stack.baseUrl).post('/api/orders').send(takeawayOrder(branch, productId));
      return res.status === 201 ? res.body.data : null;
    });
    const ticket = String(order.ticketNumber);
    const column = (name: string) =>
      page
        .getByRole('region', { name })
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^${ticket}$`) });
    await admin.post(`/api/orders/${order.id}/status/confirm`).expect(200);
    await column('Wird bearbeitet').waitFor({ timeout: 2000 });
    await admin.post(`/api/orders/${order.id}/status/ready-for-pickup`).expect(200);
    await column('Abholbereit').waitFor({ timeout: 2000 });
    await column('Wird bearbeitet').waitFor({ state: 'detached', timeout: 2000 });

    await admin.put(`/api/products/${productId}`, { ...product, isEnabled: false }).expect(200);
    await menu.locator('li.sold-out', { hasText: product.name }).first().waitFor({ timeout: 2000 });
    await admin.put(`/api/products/${productId}`, product).expect(200);
  }, 120_000);
});
