/// <reference lib="dom" />
import { waitFor } from '@shop/testing';
import type { Browser } from 'playwright-core';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import { axeViolations } from '../../scripts/quality/backoffice-screens.mjs';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import { fullScreenScene } from '../support/signage-player.js';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';
import { loginViaUi, openAllDay } from './backoffice-support.js';

/**
 * issue 42: a TV is set up from the back office alone. An administrator creates it and is shown its sign-in link
 * and QR code once; the link, opened in another browser, signs the player in (the key leaves its address) and it
 * plays; a command's state shows in the list as it changes; a new key signs the old player out.
 */
describe('back office: setting up a TV', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    if (!existsSync(resolve('web/player/dist/index.html')))
      throw new Error('web/player/dist/index.html is missing: build it first (npx nx run @shop/web-player:build)');
    stack = await startStack('bo-tv-setup');
    await stack.seed();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  it('creates a TV, signs its player in by the link, shows a command live and signs it out with a new key', async () => {
    // the branch is open around the clock: the TV (following the branch's hours) plays whatever the time
    const branch = (await openAllDay(admin, ['wien-innere-stadt']))['wien-innere-stadt']!;
    const text = (
      await admin
        .post('/api/digital-signage-segments', { name: 'Eingang', type: 'text', text: 'Grüß Gott am Eingang' })
        .expect(201)
    ).body.data;
    await fullScreenScene(admin, { path: '/eingang', name: 'Eingang', segments: [text.id] });

    const office = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    await office.page.goto('/backend/login?next=%23%2Fsignage%2Fdevices');
    await loginViaUi(office.page, ADMIN, { here: true });
    const form = office.page.getByRole('form', { name: 'Neuer TV' });
    await form.getByLabel('Name', { exact: true }).fill('TV Eingang');
    await form.getByLabel('Kennung').fill('tv-eingang');
    await form.getByLabel('Filiale').selectOption({ label: String(branch.name) });
    await form.getByLabel('Szene').selectOption({ label: 'Eingang' });
    await form.getByRole('button', { name: 'TV anlegen' }).click();

    const setup = office.page.getByRole('dialog', { name: 'TV einrichten: TV Eingang' });
    const link = await setup.getByLabel('Anmeldelink').inputValue();
    expect(link).toMatch(new RegExp(`^${stack.baseUrl}/player/#identifier=tv-eingang&key=[A-Za-z0-9_-]{32}$`));
    const key = new URLSearchParams(new URL(link).hash.slice(1)).get('key') ?? '';
    const qr = setup.getByRole('img', { name: 'QR-Code zum Anmelden von TV Eingang' });
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await axeViolations(office.page)).toEqual([]);
    await setup.getByRole('button', { name: 'Fertig' }).click();
    expect(await office.page.content()).not.toContain(key);

    // the link in another browser: signed in, the key gone from its address, playing
    const tv = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    await tv.page.goto(link);
    await tv.page.getByText('Grüß Gott am Eingang').waitFor();
    await tv.page.locator('main[data-connected="true"]').waitFor();
    expect(tv.page.url()).not.toContain(key);
    expect(tv.page.url()).not.toContain('#');

    // a command's state in the list as it changes (the list reads itself only every 15 s: this is the event)
    const row = office.page.getByRole('row', { name: /TV Eingang/ });
    await row.getByTestId('display').getByText('zeigt die Szene').waitFor();
    await row.getByRole('combobox').selectOption('screen-off');
    await row.getByRole('button', { name: 'Senden' }).click();
    await row.getByTestId('command-state').getByText('Bildschirm aus: erledigt').waitFor();
    // the player's idle screen, and the list names why as soon as its beat says so: the changed idle reason is an
    // event too (the list's 15 s poll is longer than this page's 10 s wait)
    await tv.page.getByRole('status', { name: 'Ruhebildschirm' }).waitFor();
    await row.getByTestId('display').getByText('per Befehl ausgeschaltet').waitFor();

    // a new key: shown once, and the player signed in with the old one is signed out
    await row.getByRole('button', { name: 'Schlüssel erneuern: TV Eingang' }).click();
    await office.page
      .getByRole('dialog', { name: 'Schlüssel von TV Eingang erneuern' })
      .getByRole('button', { name: 'Schlüssel erneuern' })
      .click();
    const renewed = office.page.getByRole('dialog', { name: 'TV einrichten: TV Eingang' });
    const newLink = await renewed.getByLabel('Anmeldelink').inputValue();
    expect(newLink).not.toBe(link);
    await tv.page.getByRole('heading', { name: 'TV anmelden' }).waitFor();
    await tv.page.getByRole('alert').getByText('Kennung oder Schlüssel ist ungültig').waitFor();
    await request(stack.baseUrl).get('/api/digital-signage-player/schedule').auth('tv-eingang', key).expect(401);
    await waitFor(() => tv.page.evaluate(() => localStorage.getItem('signage-player-credentials') === null || null));

    // the new link signs it in again
    await tv.page.goto(newLink);
    await tv.page.locator('main[data-connected="true"]').waitFor();
    expect(office.errors).toEqual([]);
    expect(tv.errors).toEqual([]);
  }, 180_000);
});
