import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { acceptCookies, launchBrowser, newPage, openProductOverlay, requireBuiltApp } from '../support/browser.js';
import {
  ADMIN,
  EMPLOYEE,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';
import { loginViaUi, openAllDay } from './backoffice-support.js';

/** Catalogue management in Chromium (issue 7): a product with configuration steps, put on a menu, reaches the storefront. */
describe('back office: catalogue', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    requireBuiltApp('storefront');
    stack = await startStack('bo-catalogue');
    await stack.seed();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);
    // a closed branch without preorder lets nothing into the cart: the store page must take orders at any hour
    await openAllDay(admin, ['wien-innere-stadt']);
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  it("creates a product with configuration steps, shows the server's field errors, and the storefront's overlay asks for its steps", async () => {
    const { context, page, errors } = await newPage(browser, stack.baseUrl);
    await loginViaUi(page, ADMIN);
    await page.waitForURL('**/backend#/orders');
    await page.goto('/backend#/products/new');
    await page.getByRole('heading', { name: 'Produkt anlegen' }).waitFor();

    // nothing filled in: the server's German field error appears next to the name
    await page.getByRole('button', { name: 'Speichern' }).click();
    const nameError = page.locator('#f-name-error');
    await nameError.waitFor();
    expect(await nameError.textContent()).toMatch(/^Diese/);
    // the summary names the field as the form labels it, not by its path
    await page.locator('.form-error li', { hasText: /^Name: Diese/ }).waitFor();
    // a validation error answers the same again: the notice offers no 'Erneut versuchen'
    await page.locator('.notice-error').waitFor();
    expect(await page.locator('.notice-error').getByRole('button', { name: 'Erneut versuchen' }).count()).toBe(0);

    await page.getByLabel('Name', { exact: true }).first().fill('Poke-Bowl Donauwelle');
    // typed key by key, as staff do: the comma must survive '11,' on the way to '11,50'
    await page.getByLabel('Preis', { exact: true }).pressSequentially('11,50');
    await page.locator('#f-type').selectOption('configurable');
    await page.getByRole('button', { name: 'Schritt hinzufügen' }).click();
    const step = page.locator('fieldset.step').first();
    await step.getByLabel('Schlüssel').fill('basis');
    await step.getByLabel('Name', { exact: true }).fill('Basis');
    await step.getByRole('button', { name: /Option hinzufügen/ }).click();
    await step.getByRole('button', { name: /Option hinzufügen/ }).click();
    await step.getByLabel('Option 1 (Schritt 1: Basis)').fill('Reis');
    await step.getByLabel('Option 2 (Schritt 1: Basis)').fill('Quinoa');
    await step.getByLabel('Betrag 2 (Schritt 1: Basis)').clear();
    await step.getByLabel('Betrag 2 (Schritt 1: Basis)').pressSequentially('1,5');
    await page.getByRole('button', { name: 'Schritt hinzufügen' }).click();
    const extras = page.locator('fieldset.step').nth(1);
    await extras.getByLabel('Schlüssel').fill('extras');
    await extras.getByLabel('Typ').selectOption('multiselect');
    await extras.getByLabel('Name', { exact: true }).fill('Extras');
    await extras.getByLabel('Optional').check();
    await extras.getByRole('button', { name: /Option hinzufügen/ }).click();
    await extras.getByLabel('Option 1 (Schritt 2: Extras)').fill('Avocado');
    await extras.getByLabel('Betrag 1 (Schritt 2: Extras)').fill('2');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/#\/products\/\d+$/);
    const productId = Number(/products\/(\d+)$/.exec(page.url())![1]);
    await page.getByRole('heading', { name: 'Produkt bearbeiten: Poke-Bowl Donauwelle' }).waitFor();

    const product = (await admin.get(`/api/products/${productId}`).expect(200)).body.data;
    expect(product).toMatchObject({ name: 'Poke-Bowl Donauwelle', type: 'configurable', price: 11.5 });
    expect(product.config.parts).toEqual({
      basis: {
        type: 'select',
        name: 'Basis',
        description: null,
        optional: false,
        options: [
          { name: 'Reis', modifier: 'add', value: 0 },
          { name: 'Quinoa', modifier: 'add', value: 1.5 },
        ],
      },
      extras: {
        type: 'multiselect',
        name: 'Extras',
        description: null,
        optional: true,
        options: [{ name: 'Avocado', modifier: 'add', value: 2 }],
      },
    });

    // onto the menu of a branch, in a category without a schedule
    const branch = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    const menu = (await admin.get(`/api/branches/${branch.id}/menus`).expect(200)).body.data[0];
    const categories = (await admin.get('/api/categories?perPage=500').expect(200)).body.data as Array<{
      id: number;
      name: string;
      schedule: unknown;
      isEnabled: boolean;
    }>;
    const category = categories.find(
      (c) => !c.schedule && c.isEnabled && menu.catalog.categories.some((x: { id: number }) => x.id === c.id),
    )!;
    await page.goto(`/backend#/menus/${menu.id}`);
    await page.getByLabel(`Produkt wählen (${category.name})`).selectOption({ label: 'Poke-Bowl Donauwelle' });
    await page.getByRole('button', { name: `Produkt hinzufügen (${category.name})` }).click();
    const menuSaved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/menus/${menu.id}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await menuSaved).status()).toBe(200);

    // the public catalogue (what the storefront loads) has it, with its steps
    const init = (await request(stack.baseUrl).get('/api/init').expect(200)).body.data as Array<{
      url: string;
      data: unknown;
    }>;
    const publicProducts = init.find((e) => e.url === '/api/products')!.data as Array<{ id: number; config: unknown }>;
    expect(publicProducts.find((p) => p.id === productId)?.config).toEqual(product.config);
    const menus = init.find((e) => e.url === '/api/menus')!.data as Array<{
      id: number;
      catalog: { categories: Array<{ id: number; products: Array<{ id: number }> }> };
    }>;
    expect(
      menus
        .find((m) => m.id === menu.id)!
        .catalog.categories.find((c) => c.id === category.id)!
        .products.map((p) => p.id),
    ).toContain(productId);

    // the storefront offers it, and its overlay asks for the steps with their options and surcharges
    const store = await context.newPage();
    store.setDefaultTimeout(10_000);
    const storeErrors: string[] = [];
    store.on('pageerror', (err) => storeErrors.push(err.message));
    await store.goto('/store/wien-innere-stadt');
    await acceptCookies(store);
    await store.waitForFunction(() => window.scrollY === 0);
    const overlay = await openProductOverlay(store, storeErrors, 'Poke-Bowl Donauwelle');
    const basisStep = overlay.getByRole('group', { name: /^Basis/ });
    await basisStep.getByRole('button', { name: /Reis/ }).waitFor();
    await basisStep
      .getByRole('button', { name: /Quinoa/ })
      .getByText('+ EUR 1,50')
      .waitFor();
    const extrasStep = overlay.getByRole('group', { name: /^Extras/ });
    await extrasStep.getByLabel(/Avocado/).waitFor();
    await extrasStep.getByText('+ EUR 2,00').waitFor();
    // Basis is required: nothing to add before it is chosen; Quinoa and Avocado make 11,50 + 1,50 + 2,00
    const add = overlay.getByRole('button', { name: 'Zum Warenkorb hinzufügen' });
    expect(await add.isDisabled()).toBe(true);
    await basisStep.getByRole('button', { name: /Quinoa/ }).click();
    await extrasStep.getByLabel(/Avocado/).check();
    await overlay.getByText('EUR 15,00').waitFor();
    expect(await add.isDisabled()).toBe(false);
    expect(storeErrors).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
  it("manages customers and external users (administrators only) with the server's German errors", async () => {
    const { context, page, errors } = await newPage(browser, stack.baseUrl);
    await loginViaUi(page, ADMIN);
    await page.waitForURL('**/backend#/orders');
    await page.goto('/backend#/customers/new');
    await page.getByRole('heading', { name: 'Kunde anlegen' }).waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.locator('#f-lastName-error').getByText('Dieser Wert sollte nicht leer sein.').waitFor();
    await page.getByLabel('Nachname').fill('Berger');
    await page.getByLabel('E-Mail').fill('keine-adresse');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.locator('#f-email-error').getByText('Dieser Wert ist keine gültige E-Mail-Adresse.').waitFor();
    await page.getByLabel('E-Mail').fill('anna.berger@example.at');
    await page.getByLabel('Vorname').fill('Anna');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/#\/customers\/\d+$/);
    await page.goto('/backend#/customers');
    await page.getByLabel('Suche', { exact: true }).fill('Berger');
    await page.getByRole('search').getByRole('button', { name: 'Suche' }).click();
    await page.getByRole('link', { name: 'Anna Berger', exact: true }).waitFor();

    await admin.post('/api/external-users', { username: 'lieferant' }).expect(201);
    await page.goto('/backend#/external-users/new');
    await page.getByLabel('Benutzername').fill('Lieferant');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page
      .locator('.notice-error')
      .getByText(/existiert bereits|bereits verwendet/)
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const employee = await login(stack, EMPLOYEE);
    await employee.get('/api/customers').expect(403);
    await request(stack.baseUrl).get('/api/external-users').expect(401);
    const list = (await admin.get('/api/customers?search=berger').expect(200)).body;
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      firstName: 'Anna',
      lastName: 'Berger',
      email: 'anna.berger@example.at',
      displayName: 'Anna Berger',
    });
  }, 60_000);
  it("runs a device's test print and log request from its page", async () => {
    const branch = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    const device = (
      await admin
        .post('/api/devices', {
          identifier: 'kueche-test',
          name: 'Küchendrucker Test',
          type: 'printer',
          branch: branch.id,
          protocol: 'cloudprnt',
        })
        .expect(201)
    ).body.data;
    const { context, page, errors } = await newPage(browser, stack.baseUrl);
    await loginViaUi(page, ADMIN);
    await page.waitForURL('**/backend#/orders');
    await page.goto(`/backend#/devices/${device.id}`);
    await page.getByRole('heading', { name: 'Gerät bearbeiten: Küchendrucker Test' }).waitFor();
    expect(await page.getByRole('button', { name: 'Testbenachrichtigung' }).count()).toBe(0);
    const printed = page.waitForResponse((r) => r.url().endsWith(`/api/devices/${device.id}/test/print`));
    await page.getByRole('button', { name: 'Testdruck' }).click();
    expect((await printed).status()).toBe(202);
    await page.locator('.notice-success').getByText('Test wurde gesendet.').waitFor();
    const requested = page.waitForResponse((r) => r.url().endsWith(`/api/devices/${device.id}/request-device-logs`));
    await page.getByRole('button', { name: 'Log anfordern' }).click();
    expect((await requested).status()).toBe(202);
    await page.locator('.notice-success').getByText('Log wurde angefordert.').waitFor();
    await page.getByRole('heading', { name: 'Meldungen des Geräts' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
  it('uploads a product image in the product form, and the storefront shows it', async () => {
    const { default: sharp } = await import('sharp');
    // a file on disk, as a user would choose it (the stack's temporary directory goes with the stack)
    const file = resolve(stack.filesDir, 'brezel.png');
    await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8873a' } })
      .png()
      .toFile(file);
    // a product the store page of Innere Stadt lists (its category and itself always available)
    const branch = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    const menu = (await admin.get(`/api/branches/${branch.id}/menus`).expect(200)).body.data[0];
    const categories = (await admin.get('/api/categories?perPage=500').expect(200)).body.data as Array<{
      id: number;
      schedule: unknown;
      isEnabled: boolean;
    }>;
    const products = (await admin.get('/api/products?perPage=500').expect(200)).body.data as Array<{
      id: number;
      name: string;
      schedule: unknown;
      isEnabled: boolean;
    }>;
    const listed = menu.catalog.categories
      .filter((c: { id: number }) => categories.some((x) => x.id === c.id && x.isEnabled && !x.schedule))
      .flatMap((c: { products: Array<{ id: number; isEnabled: boolean; schedule: unknown }> }) =>
        c.products.filter((p) => p.isEnabled && !p.schedule),
      );
    const product = products.find(
      (p) => p.isEnabled && !p.schedule && listed.some((l: { id: number }) => l.id === p.id),
    )!;

    const { context, page, errors } = await newPage(browser, stack.baseUrl);
    await loginViaUi(page, ADMIN);
    await page.waitForURL('**/backend#/orders');
    await page.goto(`/backend#/products/${product.id}`);
    await page.getByRole('heading', { name: `Produkt bearbeiten: ${product.name}` }).waitFor();
    // the uploaded image is to be the product's first (the one the store page shows)
    while (await page.getByRole('button', { name: /^Bild entfernen/ }).count())
      await page
        .getByRole('button', { name: /^Bild entfernen/ })
        .first()
        .click();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/images') && r.request().method() === 'POST');
    await page.getByLabel('Bild hochladen (Bilder)').setInputFiles(file);
    expect((await uploaded).status()).toBe(201);
    const image = (await (await uploaded).json()).data;
    await page.locator(`.images-field img[src="/image/thumbnail/${image.id}-1.png"]`).waitFor();
    await page.getByLabel('Alternativtext (Bilder 1)').fill('Frisch gebackene Brezel');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/products/${product.id}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);
    expect((await admin.get(`/api/products/${product.id}`).expect(200)).body.data.images).toEqual([
      { id: image.id, version: 1, extension: 'png', alt: 'Frisch gebackene Brezel' },
    ]);

    const store = await context.newPage();
    await store.goto('/store/wien-innere-stadt');
    const img = store.locator(`img[src="/image/thumbnail/${image.id}-1.png"]`);
    await img.scrollIntoViewIfNeeded();
    await store.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      await img.elementHandle(),
    );
    // the 128 px variant the content service rendered, not the 320 px original
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(128);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
