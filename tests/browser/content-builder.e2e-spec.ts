/// <reference lib="dom" />
import type { Site } from '@shop/contracts';
import { waitFor } from '@shop/testing';
import type { Browser } from 'playwright-core';
import { resolve } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { axeViolations } from '../../scripts/quality/backoffice-screens.mjs';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import { ADMIN, startStack, type Stack } from '../support/stack.js';
import { loginViaUi } from './backoffice-support.js';

const PRESENTER = 'immobilien.localhost';

/**
 * issue 18: the content builder in Chromium against the stack: a site of the presenter built in the generated form
 * (a text field with rich text, a carousel with two images uploaded in place, an objects overview), published and
 * seen on the presenter's host; its path renamed, and the old address redirects; rich text typed with a script
 * tag shows no script on the public page.
 */
describe('back office: content builder', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    stack = await startStack('bo-content');
    await stack.seed();
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('builds and publishes a page, shows it on the presenter, and redirects its old path after a rename', async () => {
    const files = await Promise.all(
      ['#c8873a', '#3a7bc8'].map(async (background, i) => {
        const file = resolve(stack.filesDir, `see-${i + 1}.png`);
        await sharp({ create: { width: 320, height: 240, channels: 3, background } })
          .png()
          .toFile(file);
        return file;
      }),
    );
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await page.goto('/backend/login?next=%23%2Fsites');
    await loginViaUi(page, ADMIN, { here: true });
    await page.getByRole('heading', { name: 'Seiten' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Neue Seite' }).click();

    await page.getByLabel('Seitenart').selectOption({ label: 'Unterseite' });
    await page.getByLabel('Website').selectOption('presenter');
    await page.getByLabel('Name *').fill('Haus am See');
    await page.getByLabel('Pfad *').fill('/haus-am-see');
    await page.getByLabel('Seitentitel').fill('Wohnen am See');

    const addBlock = async (label: string) => {
      await page.getByLabel('Blocktyp').selectOption({ label });
      await page.getByRole('button', { name: 'Block hinzufügen' }).click();
    };
    await addBlock('Textfeld');
    const text = page.getByRole('group', { name: /Block 1: Textfeld/ }).getByRole('textbox', { name: 'Text' });
    await text.click();
    await page.keyboard.type('Willkommen am See <script>window.hacked = 1</script>');

    await addBlock('Bilderkarussell');
    const carousel = page.getByRole('group', { name: /Block 2: Bilderkarussell/ });
    for (const file of files) {
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/images') && r.request().method() === 'POST');
      await carousel.getByLabel('Bild hochladen (Bilder)').setInputFiles(file);
      expect((await uploaded).status()).toBe(201);
    }
    await carousel.locator('.images-field img').nth(1).waitFor();
    await addBlock('Objektübersicht');
    // reordered by keyboard and back: the carousel's handle with Alt+ArrowUp
    await page.getByRole('button', { name: 'Block 2: Bilderkarussell verschieben' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByRole('button', { name: 'Block 1: Bilderkarussell verschieben' }).waitFor();
    await page.keyboard.press('Alt+ArrowDown');
    await page.getByRole('button', { name: 'Block 2: Bilderkarussell verschieben' }).waitFor();
    await page.getByLabel('Öffentlich').check();
    expect(await axeViolations(page)).toEqual([]);

    const created = page.waitForResponse((r) => r.url().endsWith('/api/sites') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await created).status()).toBe(201);
    const site = ((await (await created).json()) as { data: Site }).data;
    await page.getByRole('heading', { name: 'Seite bearbeiten: Haus am See' }).waitFor();
    expect(site).toMatchObject({ website: 'presenter', path: '/haus-am-see', layout: 'subpage', isPublic: true });
    const body = site.content.body as Array<{ type: string; images?: unknown[]; text?: string }>;
    expect(body.map((b) => b.type)).toEqual(['text_field', 'carousel', 'objects_overview']);
    expect(body[1]!.images).toHaveLength(2);
    expect(body[0]!.text).toContain('Willkommen am See');

    // on the presenter's host, as a visitor
    const port = new URL(stack.baseUrl).port;
    const visitor = await newPage(browser, `http://${PRESENTER}:${port}`, { timeoutMs: 15_000 });
    await visitor.page.goto('/haus-am-see');
    await visitor.page.getByText('Willkommen am See').first().waitFor();
    // the script was typed as text: it shows as text and never runs
    expect(await visitor.page.locator('main script').count()).toBe(0);
    expect(await visitor.page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    const images = body[1]!.images as Array<{ id: number }>;
    for (const image of images)
      await visitor.page.locator(`img[src*="/${image.id}-"]`).first().waitFor({ state: 'attached' });

    // renamed: the editor is told, and the old address redirects to the new one
    await page.getByLabel('Pfad *').fill('/haus-am-see-neu');
    await page
      .getByText('Beim Speichern wird eine Weiterleitung von der alten Adresse angelegt.', { exact: false })
      .waitFor();
    const updated = page.waitForResponse(
      (r) => r.url().endsWith(`/api/sites/${site.id}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await updated).status()).toBe(200);
    const redirect = await request(stack.baseUrl).get('/haus-am-see').set('Host', `${PRESENTER}:${port}`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toMatch(/\/haus-am-see-neu$/);
    await visitor.page.goto('/haus-am-see');
    await visitor.page.waitForURL(/\/haus-am-see-neu$/);
    await visitor.page.getByText('Willkommen am See').first().waitFor();

    // a navigation item for it in the presenter's main navigation, a second one nested under it by keyboard
    await page.goto('/backend#/navigations/new');
    await page.getByLabel('Kennung *').fill('main-navigation');
    await page.getByLabel('Website').selectOption('presenter');
    await page.getByRole('button', { name: 'Eintrag hinzufügen', exact: true }).click();
    await page.getByLabel('Beschriftung').fill('Unser Projekt');
    await page.getByLabel('Seite', { exact: true }).selectOption({ label: 'Haus am See (/haus-am-see-neu)' });
    await page.getByRole('button', { name: 'Eintrag hinzufügen', exact: true }).click();
    const second = page.getByRole('group', { name: /Eintrag 2(: \w+)?$/ });
    await second.getByLabel('Art').selectOption('link');
    await second.getByLabel('Beschriftung').fill('Kontakt');
    await second.getByLabel('Adresse (URL)').fill('/kontakt');
    await page.getByRole('button', { name: 'Eintrag 2: Kontakt verschieben' }).focus();
    await page.keyboard.press('Alt+ArrowRight');
    await page.getByRole('button', { name: 'Eintrag 1.1: Kontakt verschieben' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const navSaved = page.waitForResponse(
      (r) => r.url().endsWith('/api/navigations') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await navSaved).status()).toBe(201);
    const nav = ((await (await navSaved).json()) as { data: { items: unknown[] } }).data;
    expect(nav.items).toEqual([
      {
        type: 'site',
        label: 'Unser Projekt',
        target: site.id,
        suffix: '',
        isEnabled: true,
        children: [{ type: 'link', label: 'Kontakt', target: '/kontakt', suffix: '', isEnabled: true, children: [] }],
      },
    ]);
    // the presenter's start-up data follows the change: the header shows the item (reloaded until it does)
    await waitFor(
      async () => {
        await visitor.page.goto('/haus-am-see-neu');
        await visitor.page.getByText('Willkommen am See').first().waitFor();
        return (await visitor.page.locator('header').getByRole('link', { name: 'Unser Projekt' }).count()) > 0;
      },
      20_000,
      250,
    );

    // redirects: the one the rename created is listed; one back to the old path would loop, and the server says so
    await page.goto('/backend#/redirects');
    await page.getByRole('cell', { name: '/haus-am-see', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Neuer Redirect' }).click();
    await page.getByLabel('Alter Pfad *').fill('/haus-am-see-neu');
    await page.getByLabel('Ziel (Pfad oder URL) *').fill('/haus-am-see');
    await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click();
    const field = page.getByLabel('Ziel (Pfad oder URL) *');
    await page.locator('#redirect-target-error').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#redirect-target-error').textContent()).toBe(
      'Diese Weiterleitung würde im Kreis führen.',
    );
    expect(await page.locator('#redirect-source-error').textContent()).toBe(
      'Unter diesem Pfad gibt es bereits eine Seite; eine Weiterleitung würde sie verdecken.',
    );
    expect(await axeViolations(page)).toEqual([]);

    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  }, 120_000);
});
