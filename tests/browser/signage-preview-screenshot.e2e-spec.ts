/// <reference lib="dom" />
import { waitFor } from '@shop/testing';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { axeViolations } from '../../scripts/quality/backoffice-screens.mjs';
import { alwaysOnTv, fullScreenScene } from '../support/signage-player.js';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';
import { loginViaUi } from './backoffice-support.js';

/**
 * issue 20: a stream's preview in the back office (the player's own renderer in a frame, playing the segments in
 * turn) and a TV's screenshot (the player draws what it shows, the back office shows the picture on the TV's row).
 */
describe('signage: stream preview and screenshots', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  let branch: number;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    if (!existsSync(resolve('web/player/dist/index.html')))
      throw new Error('web/player/dist/index.html is missing: build it first (npx nx run @shop/web-player:build)');
    stack = await startStack('signage-preview');
    await stack.seed();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);
    branch = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data.id;
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  const textSegment = async (name: string, text: string, durationSeconds: number) =>
    (await admin.post('/api/digital-signage-segments', { name, type: 'text', text, durationSeconds }).expect(201)).body
      .data.id as number;

  it('previews a stream as the player plays it: segments in turn, a board named, staff only', async () => {
    const first = await textSegment('Morgen', 'Guten Morgen', 1);
    const second = await textSegment('Angebot', 'Heute: Kaiserschmarrn', 1);
    const board = (
      await admin
        .post('/api/digital-signage-segments', { name: 'Abholung', type: 'pickup-board', durationSeconds: 1 })
        .expect(201)
    ).body.data.id;
    const stream = (
      await admin
        .post('/api/digital-signage-streams', { name: 'Vorschau-Stream', segments: [first, second, board] })
        .expect(201)
    ).body.data;

    const preview = (await admin.get(`/api/digital-signage-streams/${stream.id}/preview`).expect(200)).body.data;
    expect(preview.segments.map((s: { text: string | null }) => s.text)).toEqual([
      'Guten Morgen',
      'Heute: Kaiserschmarrn',
      null,
    ]);
    await admin.get('/api/digital-signage-streams/999999/preview').expect(404);
    await request(stack.baseUrl).get(`/api/digital-signage-streams/${stream.id}/preview`).expect(401);

    const { page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    await page.goto('/backend/login?next=%23%2Fsignage%2Fstreams');
    await loginViaUi(page, ADMIN, { here: true });
    await page.getByRole('button', { name: 'Vorschau-Stream', exact: true }).click();
    await page.getByRole('button', { name: 'Vorschau', exact: true }).click();
    const frame = page.frameLocator('iframe[title="Vorschau: Vorschau-Stream"]');
    // the player's loop: each segment for its second, the board named (there is no TV, so no branch), then again
    await frame.getByText('Guten Morgen').waitFor();
    await frame.getByText('Heute: Kaiserschmarrn').waitFor();
    await frame.getByText(/^Abholtafel/).waitFor();
    await frame.getByText('Guten Morgen').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // a saved new order plays at once
    await page.getByRole('listitem', { name: 'Angebot' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert.').waitFor();
    const firstShown = await waitFor(
      () =>
        frame
          .locator('.segment')
          .first()
          .textContent({ timeout: 2000 })
          .catch(() => null),
      5000,
      10,
    );
    expect(firstShown).toBe('Heute: Kaiserschmarrn');
    expect(errors).toEqual([]);
  });

  it('answers the screenshot command with a picture of the screen, shown on the TV in the back office', async () => {
    const hello = await textSegment('Gruß', 'Servus am Fenster', 600);
    const scene = await fullScreenScene(admin, { path: '/fenster', name: 'Fenster', segments: [hello] });
    const tv = await alwaysOnTv(admin, { identifier: 'tv-fenster', name: 'TV Fenster', branch, scene: scene.id });
    const screen = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    await screen.page.goto(`/player/#identifier=${tv.identifier}&key=${tv.key}`);
    await screen.page.getByText('Servus am Fenster').waitFor();
    await screen.page.locator('main[data-connected="true"]').waitFor();

    const issued = (
      await admin.post(`/api/digital-signage-devices/${tv.id}/command`, { type: 'screenshot' }).expect(200)
    ).body.data;
    const done = await waitFor(
      async () => {
        const d = (await admin.get(`/api/digital-signage-devices/${tv.id}`).expect(200)).body.data;
        return d.command.id === issued.command.id && d.command.state !== 'pending' && d.command.state !== 'acknowledged'
          ? d.command
          : null;
      },
      15_000,
      200,
    );
    expect([done.state, done.state === 'done' ? '' : done.result]).toEqual(['done', '']);
    // the TV carries the URL of its picture, never the image data
    expect(done.result).toBe(`/api/digital-signage-devices/${tv.id}/screenshot?c=${issued.command.id}`);

    const { page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    await page.goto('/backend/login?next=%23%2Fsignage%2Fdevices');
    await loginViaUi(page, ADMIN, { here: true });
    const picture = page
      .getByRole('row', { name: /TV Fenster/ })
      .getByRole('img', { name: 'Bildschirmfoto von TV Fenster' });
    await picture.waitFor();
    // the picture and its download link come from the screenshot URL
    expect(await picture.getAttribute('src')).toBe(done.result);
    expect(await picture.locator('xpath=..').getAttribute('href')).toBe(done.result);
    // a real picture of the 1280 px wide screen, and not all one colour (the white text on black is in it)
    const { width, distinct } = await picture.evaluate(async (el) => {
      const img = el as HTMLImageElement;
      await img.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const shades = new Set<number>();
      for (let i = 0; i < data.length; i += 4 * 97) shades.add(data[i]! >> 4);
      return { width: img.naturalWidth, distinct: shades.size };
    });
    expect(width).toBe(1280);
    expect(distinct).toBeGreaterThan(1);
    expect(await axeViolations(page)).toEqual([]);
    expect([...errors, ...screen.errors]).toEqual([]);
  });
});
