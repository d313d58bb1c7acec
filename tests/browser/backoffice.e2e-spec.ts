/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import request from 'supertest';
import {
  acceptCookies,
  fillCheckoutCustomer,
  launchBrowser,
  newPage,
  openProductOverlay,
  requireBuiltApp,
} from '../support/browser.js';
import {
  ADMIN,
  EMPLOYEE,
  login,
  orderableProductOf,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';
import { loginViaUi, openAllDay, placeOrder, type BranchMap } from './backoffice-support.js';

/**
 * The back office in Chromium against the real stack (issue 7): login and its German answers, lockout,
 * 401 → login page, logout, the live order board scoped to the employee's branches, and a confirmation
 * that the customer's status page follows.
 */
describe('back office: login and order board', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  let branches: BranchMap;
  let products: Record<string, number>;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    requireBuiltApp('storefront');
    stack = await startStack('bo-board', { LOGIN_MAX_FAILURES: '3' });
    await stack.seed();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);
    branches = await openAllDay(admin, ['wien-innere-stadt', 'wien-neubau']);
    products = {
      wien: await orderableProductOf(admin, branches['wien-innere-stadt']!.id),
      neubau: await orderableProductOf(admin, branches['wien-neubau']!.id),
    };
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  it('logs in with the password, answers wrong passwords in German, and sends 401s to the login page and back', async () => {
    const { context, page, errors } = await newPage(browser, stack.baseUrl);
    await page.goto('/backend#/orders');
    await page.waitForURL((url) => url.pathname === '/backend/login' && url.search === '?next=%23%2Forders');
    expect(await page.getByRole('alert').count()).toBe(0);
    await loginViaUi(page, { username: 'mitarbeiter', password: 'falsch-falsch' });
    await page.getByRole('alert').getByText('Fehlerhafte Zugangsdaten.').waitFor();

    await loginViaUi(page, EMPLOYEE);
    await page.waitForURL('**/backend#/orders');
    await page.getByRole('heading', { name: 'Aktuelle Bestellungen' }).waitFor();
    await page.getByText('Angemeldet als Lukas Gruber').waitFor();
    // employees see no administration screens
    expect(await page.getByRole('link', { name: 'Benutzer' }).count()).toBe(0);

    // the session ends elsewhere (logout in another tab) while the browser still holds its cookie: the next call
    // leads to the login page, which says why, and back to the screen after logging in
    // the history's first list must be answered before the session ends: answered after it, its 401 would lead to
    // the login page with the unfiltered screen as the way back (seen under CI load)
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Verlauf' }).click();
    await page.getByRole('heading', { name: 'Bestellverlauf' }).waitFor();
    expect((await listed).status()).toBe(200);
    const cookies = (await context.cookies())
      .filter((c) => c.name === 'sid' || c.name === '_csrf')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const { csrfToken } = (await request(stack.baseUrl).get('/backend/csrf-token').set('Cookie', cookies)).body.data;
    await request(stack.baseUrl)
      .post('/backend/logout')
      .set('Cookie', cookies)
      .set('x-csrf-token', csrfToken)
      .expect(200);
    await page.getByLabel('Status').selectOption({ label: 'In Zustellung' });
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/backend/login' &&
        url.search === '?next=%23%2Forders%2Fhistory%3Fstatus%3DinDelivery&reason=session',
    );
    await page
      .getByRole('alert')
      .getByText('Keine Session verfügbar, entweder ist diese abgelaufen oder Cookies sind nicht aktiviert.')
      .waitFor();
    await loginViaUi(page, EMPLOYEE, { here: true });
    await page.waitForURL('**/backend#/orders/history?status=inDelivery');
    await page.getByRole('heading', { name: 'Bestellverlauf' }).waitFor();
    expect(await page.getByLabel('Status').inputValue()).toBe('inDelivery');

    // the toolbar's link /backend/logout (any site could link it) only leads to a page that asks
    await page.goto('/backend/logout');
    await page.waitForURL('**/backend#/logout');
    await page.getByText('Möchten Sie sich abmelden?').waitFor();
    expect((await page.request.get('/api/users/me')).status()).toBe(200);
    await page.getByRole('button', { name: 'Jetzt abmelden' }).click();
    await page.waitForURL('**/backend/login');
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
    await page.goto('/backend#/orders/history');
    await page.waitForURL((url) => url.pathname === '/backend/login' && url.search === '?next=%23%2Forders%2Fhistory');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('locks out after repeated failures with "in N Minuten", the same answer for unknown users', async () => {
    const known = { username: 'sperrtest', password: 'Sperrtest-2026!' };
    await admin
      .post('/api/users', { ...known, roles: ['ROLE_EMPLOYEE'], branches: [{ id: branches['wien-innere-stadt']!.id }] })
      .expect(201);
    const { context, page } = await newPage(browser, stack.baseUrl);
    const messages: string[] = [];
    for (const username of ['niemand-unbekannt', known.username]) {
      for (let i = 0; i < 3; i++) await loginViaUi(page, { username, password: 'falsch-falsch-' + i });
      const alert = page.getByRole('alert');
      await alert.getByText(/Zu viele fehlgeschlagene Anmeldeversuche/).waitFor();
      messages.push((await alert.textContent())!);
    }
    expect(messages).toEqual(
      Array(2).fill('Zu viele fehlgeschlagene Anmeldeversuche, bitte versuchen Sie es in 15 Minuten noch einmal.'),
    );
    // the right password does not help while locked
    await loginViaUi(page, known);
    await page
      .getByRole('alert')
      .getByText(/in 15 Minuten/)
      .waitFor();
    expect(page.url()).toContain('/backend/login');
    await context.close();
  }, 60_000);

  it('shows an employee only the orders of their branches, live, with an alert for a new order', async () => {
    const wien = branches['wien-innere-stadt']!.id;
    const neubau = branches['wien-neubau']!.id;
    const neubauOrder = await placeOrder(stack, neubau, products.neubau!);
    const firstWien = await placeOrder(stack, wien, products.wien!);

    const { context, page, errors } = await newPage(browser, stack.baseUrl);
    await loginViaUi(page, EMPLOYEE);
    await page.waitForURL('**/backend#/orders');
    const card = (id: number) => page.locator(`article[data-order-id="${id}"]`);
    await card(firstWien.id).waitFor();
    expect(await card(neubauOrder.id).count()).toBe(0);
    // the server enforces it: another branch's order is not found, another branch's list is forbidden
    expect((await page.request.get(`/api/orders/${neubauOrder.id}`)).status()).toBe(404);
    expect((await page.request.get(`/api/orders/current?branch=${neubau}`)).status()).toBe(403);
    await page.getByRole('status').getByText('Live', { exact: true }).waitFor();

    // the live feed carries the employee's branches only
    await page.evaluate(() => {
      const w = window as unknown as { feed: Array<{ id: number; branch: number }> };
      w.feed = [];
      new EventSource('/api/backoffice/order-events').addEventListener('order', (e) =>
        w.feed.push(JSON.parse((e as MessageEvent).data)),
      );
    });
    await page.waitForTimeout(300);
    // a new order arrives while the board is open: visible alert, card highlighted
    const otherBranch = await placeOrder(stack, neubau, products.neubau!);
    const fresh = await placeOrder(stack, wien, products.wien!);
    await page.waitForFunction(
      (id) => (window as unknown as { feed: Array<{ id: number }> }).feed.some((e) => e.id === id),
      fresh.id,
    );
    const feed = await page.evaluate(() => (window as unknown as { feed: Array<{ id: number; branch: number }> }).feed);
    expect(feed.map((e) => e.id)).not.toContain(otherBranch.id);
    expect(new Set(feed.map((e) => e.branch))).toEqual(new Set([wien]));
    const alert = page.locator('.new-order-alert');
    await alert.getByText(`Neue Bestellung: Ticket ${fresh.ticketNumber}`).waitFor({ timeout: 10_000 });
    await card(fresh.id).waitFor();
    expect(await page.locator('article[data-order-id]').count()).toBe(2);

    await card(fresh.id)
      .getByRole('button', { name: `Bestätigen: Ticket ${fresh.ticketNumber}` })
      .click();
    await card(fresh.id).locator('.badge', { hasText: 'Bestätigt' }).waitFor();
    const publicView = (await request(stack.baseUrl).get(`/api/orders/public/${fresh.uid}/${fresh.hash}`).expect(200))
      .body.data;
    expect(publicView).toMatchObject({ isConfirmed: true, isRejected: false });

    // the admin sees both branches' orders
    const adminPage = await newPage(browser, stack.baseUrl);
    await loginViaUi(adminPage.page, ADMIN);
    await adminPage.page.locator(`article[data-order-id="${neubauOrder.id}"]`).waitFor();
    await adminPage.context.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('confirms an order placed through the storefront on the order board, and the open status page follows within one poll', async () => {
    const wien = branches['wien-innere-stadt']!;
    const product = (await admin.get(`/api/products/${products.wien}`).expect(200)).body.data as { name: string };

    // the customer orders in the storefront (takeaway, cash) and stays on the status page
    const customer = await newPage(browser, stack.baseUrl);
    const shop = customer.page;
    shop.setDefaultTimeout(10_000);
    await shop.goto(`/store/${wien.identifier}`);
    await acceptCookies(shop);
    await shop.getByRole('button', { name: 'Keine Produkte im Warenkorb' }).waitFor();
    await shop.waitForFunction(() => window.scrollY === 0);
    await (
      await openProductOverlay(shop, customer.errors, product.name)
    )
      .getByRole('button', { name: 'Zum Warenkorb hinzufügen' })
      .click();
    await shop.getByRole('link', { name: 'Jetzt bestellen' }).click();
    await shop.waitForURL(`**/store/${wien.identifier}/checkout`);
    await fillCheckoutCustomer(shop);
    await shop.getByRole('button', { name: 'Bestellung abschicken' }).click();
    await shop.waitForURL(/\/status\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+$/);
    const status = shop.getByTestId('order-status');
    expect(await status.innerText()).toBe('Warten auf Bestätigung');
    const [, , uid, hash] = new URL(shop.url()).pathname.split('/');
    const order = (await request(stack.baseUrl).get(`/api/orders/public/${uid}/${hash}`).expect(200)).body.data as {
      id: number;
      ticketNumber: number;
    };

    // staff confirm it on the live board in their own browser context
    const staff = await newPage(browser, stack.baseUrl);
    await loginViaUi(staff.page, EMPLOYEE);
    await staff.page.waitForURL('**/backend#/orders');
    const card = staff.page.locator(`article[data-order-id="${order.id}"]`);
    await card.getByRole('button', { name: `Bestätigen: Ticket ${order.ticketNumber}` }).click();
    await card.locator('.badge', { hasText: 'Bestätigt' }).waitFor();

    // the status page polls every 10 s: the confirmation shows within one poll, without a reload
    await status.getByText('Wird bearbeitet').waitFor({ timeout: 12_000 });
    expect(customer.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
    await customer.context.close();
  }, 90_000);

  it('creates a one-time login link on the user screen that logs the user in once', async () => {
    const users = (await admin.get('/api/users').expect(200)).body.data as Array<{ id: number; username: string }>;
    const employee = users.find((u) => u.username === 'mitarbeiter')!;
    const adminPage = await newPage(browser, stack.baseUrl);
    await loginViaUi(adminPage.page, ADMIN);
    await adminPage.page.waitForURL('**/backend#/orders');
    await adminPage.page.goto(`/backend#/users/${employee.id}`);
    await adminPage.page.getByRole('button', { name: 'Anmelde-Link erstellen' }).click();
    const url = await adminPage.page.locator('#login-link').inputValue();
    expect(url).toMatch(new RegExp(`^${stack.baseUrl}/backend/login#/link/`));
    await adminPage.context.close();

    const { context, page, errors } = await newPage(browser, stack.baseUrl);
    await page.goto(url);
    await page.waitForURL('**/backend#/orders');
    await page.getByText('Angemeldet als Lukas Gruber').waitFor();
    await context.close();
    const second = await newPage(browser, stack.baseUrl);
    await second.page.goto(url);
    await second.page.getByRole('alert').getByText('Ungültiger oder abgelaufener Anmelde-Link.').waitFor();
    await second.context.close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('offers the staff toolbar element for public pages: logged-in staff only, open or closed, name, version and links', async () => {
    const mount = async (page: import('playwright-core').Page) => {
      // a bare public page of the same origin
      await page.goto('/health');
      await page.setContent(
        '<!doctype html><html lang="de"><head><title>Seite</title></head><body><main><h1>Seite</h1></main></body></html>',
      );
      await page.addScriptTag({ url: '/backend/assets/staff-toolbar-1.7.2-dev.js', type: 'module' });
      await page.evaluate(() => document.body.appendChild(document.createElement('staff-toolbar')));
    };
    const visitor = await newPage(browser, stack.baseUrl);
    await mount(visitor.page);
    await visitor.page.waitForFunction(
      () => (document.querySelector('staff-toolbar') as HTMLElement | null)?.hidden === true,
    );
    expect(await visitor.page.getByRole('region', { name: 'Mitarbeiter-Leiste' }).count()).toBe(0);
    await visitor.context.close();

    const { context, page, errors } = await newPage(browser, stack.baseUrl);
    await loginViaUi(page, ADMIN);
    await page.waitForURL('**/backend#/orders');
    await mount(page);
    const bar = page.getByRole('region', { name: 'Mitarbeiter-Leiste' });
    await bar.getByText('Katharina Huber').waitFor();
    await bar.getByText('1.7.2-dev').waitFor();
    const links = await bar.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual([
      '/backend#/sites',
      '/backend#/dashboard',
      '/backend#/navigations',
      '/backend',
      '/backend/logout',
    ]);
    await bar.getByRole('button', { name: 'Leiste schließen' }).click();
    await bar.getByRole('button', { name: 'Leiste öffnen' }).waitFor();
    expect(await bar.getByRole('link').count()).toBe(0);
    // closed stays closed on the next page
    await mount(page);
    await page
      .getByRole('region', { name: 'Mitarbeiter-Leiste' })
      .getByRole('button', { name: 'Leiste öffnen' })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('edits an order line in a dialog on the order page', async () => {
    const o = await placeOrder(stack, branches['wien-innere-stadt']!.id, products.wien!);
    const { context, page } = await newPage(browser, stack.baseUrl);
    await loginViaUi(page, ADMIN);
    const card = page.locator(`article[data-order-id="${o.id}"]`);
    await card.waitFor();
    await page.goto(`/backend#/orders/${o.id}`);
    await page.getByRole('heading', { name: `Bestellung Ticket ${o.ticketNumber}` }).waitFor();
    await page
      .getByRole('button', { name: /^Position bearbeiten/ })
      .first()
      .click();
    await page.locator('dialog[open] #item-amount').waitFor();
    await page.locator('dialog[open] #item-amount').fill('2');
    const saved = page.waitForResponse((r) => r.url().includes(`/api/orders/${o.id}/items/0`));
    await page.locator('dialog[open]').getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);
    await page.locator('.data-table td', { hasText: /^2 / }).first().waitFor();
    await page.goto('/backend#/orders/history');
    await page
      .getByRole('link', { name: `Ticket ${o.ticketNumber}` })
      .first()
      .waitFor();
    await context.close();
  }, 60_000);

  it("reports a refused action with the spec's text, without a retry that cannot help, then shows the order as it is", async () => {
    const o = await placeOrder(stack, branches['wien-innere-stadt']!.id, products.wien!);
    const { context, page } = await newPage(browser, stack.baseUrl);
    // no live feed on this page: it keeps showing the order as loaded
    await page.route('**/api/backoffice/order-events', (route) => route.abort());
    await loginViaUi(page, EMPLOYEE);
    const card = page.locator(`article[data-order-id="${o.id}"]`);
    await card.waitFor();
    // someone else confirms it meanwhile (another screen): this board still offers "Bestätigen"
    await admin.post(`/api/orders/${o.id}/status/confirm`).expect(200);
    await card.getByRole('button', { name: `Bestätigen: Ticket ${o.ticketNumber}` }).click();
    const notice = page.locator('.notice-error');
    await notice
      .getByText(
        'Bestellstatus konnte nicht geändert werden. Die Bestellung kann im aktuellen Status nicht bestätigt werden.',
      )
      .waitFor();
    await card.locator('.badge', { hasText: 'Bestätigt' }).waitFor();
    // a conflict answers the same again: no 'Erneut versuchen' (only where a retry can succeed)
    expect(await notice.getByRole('button', { name: 'Erneut versuchen' }).count()).toBe(0);
    await context.close();
  }, 60_000);
});
