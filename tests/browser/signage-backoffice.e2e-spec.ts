/// <reference lib="dom" />
import { waitFor } from '@shop/testing';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../../scripts/quality/backoffice-screens.mjs';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import { connectPlayer } from '../support/signage-player.js';
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
 * issue 20: the back office's signage screens in Chromium: a TV's status and command state, sending a command and
 * aborting it, the reorder of a stream's segments by keyboard, and no serious or critical axe violation.
 */
describe('back office: digital signage', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    stack = await startStack('bo-signage');
    await stack.seed();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  it('sends and aborts a command, reorders a stream by keyboard, and passes axe', async () => {
    const branch = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data.id;
    const seg = async (name: string) =>
      (await admin.post('/api/digital-signage-segments', { name, type: 'text', text: name }).expect(201)).body.data.id;
    const first = await seg('Erste');
    const second = await seg('Zweite');
    const stream = (
      await admin.post('/api/digital-signage-streams', { name: 'Theke', segments: [first, second] }).expect(201)
    ).body.data;
    await admin
      .post('/api/scenes', { path: '/theke', name: 'Theke', regions: [{ name: 'Vollbild', stream: stream.id }] })
      .expect(201);
    const tv = (
      await admin
        .post('/api/digital-signage-devices', { identifier: 'tv-bo', name: 'TV Backoffice', branch })
        .expect(201)
    ).body.data;
    const player = await connectPlayer(stack.baseUrl, tv.identifier, tv.key);
    await player.request('POST', '/heartbeat', { isScreenOn: true });

    const { page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    await page.goto('/backend/login?next=%23%2Fsignage%2Fdevices');
    await loginViaUi(page, ADMIN, { here: true });
    const row = page.getByRole('row', { name: /TV Backoffice/ });
    await row.getByRole('cell', { name: 'online', exact: true }).waitFor();
    await row.getByRole('combobox').selectOption('identify');
    await row.getByRole('button', { name: 'Senden' }).click();
    await row.getByTestId('command-state').getByText('Identifizieren: wartet').waitFor();
    await row.getByRole('button', { name: 'Abbrechen' }).click();
    await row.getByTestId('command-state').getByText('Identifizieren: abgebrochen').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/backend#/signage/streams');
    await page.getByRole('button', { name: 'Theke' }).click();
    await page.getByRole('listitem', { name: 'Zweite' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert.').waitFor();
    expect((await admin.get(`/api/digital-signage-streams/${stream.id}`).expect(200)).body.data.segments).toEqual([
      second,
      first,
    ]);
    expect(await axeViolations(page)).toEqual([]);

    // segments through the generic form: German field errors of the API, then saved
    await page.goto('/backend#/digital-signage-segments/new');
    await page.getByLabel('Name', { exact: true }).fill('Tagesangebot');
    await page.getByLabel('Text', { exact: true }).fill('Heute: Gulasch');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await waitFor(
      async () =>
        ((await admin.get('/api/digital-signage-segments?search=Tagesangebot').expect(200)).body.data as unknown[])
          .length === 1 || null,
    );
    // the form moves on to the saved record itself: wait for that, or it can overtake the next page.goto
    await page.waitForURL(/#\/digital-signage-segments\/\d+$/);

    await page.goto('/backend#/signage/scenes');
    await page.getByText('/theke').waitFor();
    await page.getByRole('button', { name: 'Neue Szene' }).click();
    const form = page.getByRole('form', { name: 'Neue Szene' });
    await form.getByLabel('Pfad').fill('/theke');
    await form.getByLabel('Name', { exact: true }).first().fill('Zweite Theke');
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Speichern' }).click();
    // the API's field error beside the field
    await form.getByText('Dieser Wert wird bereits verwendet.').waitFor();
    await form.getByLabel('Pfad').fill('/theke-2');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('cell', { name: '/theke-2' }).waitFor();
    expect((await admin.get('/api/scenes/theke-2').expect(200)).body.data.regions).toEqual([
      { name: 'Vollbild', x: 0, y: 0, width: 100, height: 100, stream: stream.id },
    ]);
    player.close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('sends one command to the ticked TVs, shows how far each got and aborts the open ones', async () => {
    const branch = (await admin.get('/api/branches/graz-lend').expect(200)).body.data.id;
    const tvs = [];
    for (const n of [1, 2])
      tvs.push(
        (
          await admin
            .post('/api/digital-signage-devices', { identifier: `tv-bulk-${n}`, name: `TV Bulk ${n}`, branch })
            .expect(201)
        ).body.data,
      );
    const players = await Promise.all(tvs.map((tv) => connectPlayer(stack.baseUrl, tv.identifier, tv.key)));

    const { page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    await page.goto('/backend/login?next=%23%2Fsignage%2Fdevices');
    await loginViaUi(page, ADMIN, { here: true });
    for (const tv of tvs) await page.getByRole('checkbox', { name: `${tv.name} auswählen` }).check();
    const bulk = page.getByRole('form', { name: 'Befehl an mehrere TVs' });
    await bulk.getByLabel('Befehl').selectOption('identify');
    await bulk.getByRole('button', { name: 'An 2 TVs senden' }).click();
    const progress = bulk.getByTestId('bulk-progress');
    await progress.getByText('Letzter Befehl an 2 TVs: wartet: 2').waitFor();
    for (const tv of tvs)
      await page
        .getByRole('row', { name: new RegExp(tv.name) })
        .getByTestId('command-state')
        .getByText('Identifizieren: wartet')
        .waitFor();

    // one TV receives it (the list refreshes every 5 s), then both open ones are aborted at once
    const sent = (await admin.get(`/api/digital-signage-devices/${tvs[0].id}`).expect(200)).body.data.command;
    await players[0].request('POST', `/commands/${sent.id}/ack`);
    await progress.getByText('wartet: 1, empfangen: 1').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await bulk.getByRole('button', { name: 'Offene abbrechen (2)' }).click();
    await progress.getByText('abgebrochen: 2').waitFor();
    for (const tv of tvs)
      expect((await admin.get(`/api/digital-signage-devices/${tv.id}`).expect(200)).body.data.command.state).toBe(
        'aborted',
      );

    // all TVs of a branch: the API picks the enabled ones
    await bulk.getByLabel('An', { exact: true }).selectOption('branch');
    await bulk.getByLabel('Filiale').selectOption({ label: 'Donaugenuss Feinkost Graz' });
    await bulk.getByLabel('Befehl').selectOption('reload');
    await bulk.getByRole('button', { name: 'Senden', exact: true }).click();
    await progress.getByText('Letzter Befehl an 2 TVs: wartet: 2').waitFor();
    players.forEach((p) => p.close());
    expect(errors).toEqual([]);
  }, 120_000);
});
