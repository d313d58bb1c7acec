import { FakeMollie, waitFor } from '@shop/testing';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
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
import { CUSTOMER, loginViaUi, openAllDay, provokeServerError } from './backoffice-support.js';

/** The system log screen in Chromium (issue 7): list, level filter, one entry with its context. */
describe('back office: system logs', () => {
  const mollie = new FakeMollie();
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  let orderId: number;
  let errorId: string;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    await mollie.start();
    stack = await startStack('bo-logs', { MOLLIE_API_URL: mollie.baseUrl, MOLLIE_API_KEY: mollie.apiKey });
    await stack.seed();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);

    // a failed online payment (warning) …
    const branch = (await openAllDay(admin, ['wien-innere-stadt']))['wien-innere-stadt']!;
    const product = await orderableProductOf(admin, branch.id);
    let order: { id: number; paymentRedirectUrl: string } | null = null;
    await waitFor(
      async () => {
        const res = await request(stack.baseUrl)
          .post('/api/orders')
          .send({
            branch: branch.id,
            isDelivery: false,
            isDineIn: false,
            items: [{ product, amount: 1 }],
            ...CUSTOMER,
            paymentMethod: 'mollie',
          });
        order = res.status === 201 ? res.body.data : null;
        return order;
      },
      10_000,
      200,
    );
    orderId = order!.id;
    await mollie.setStatus(order!.paymentRedirectUrl.split('/').pop()!, 'failed');

    // … and a 500 (error): the order service's device log table is gone for a moment
    const device = (
      await admin
        .post('/api/devices', {
          identifier: 'theke-star',
          name: 'Theke',
          type: 'printer',
          protocol: 'cloudprnt',
          printFormat: 'star',
          branch: branch.id,
        })
        .expect(201)
    ).body.data;
    errorId = await provokeServerError(stack, admin, device.id);
    await waitFor(async () => (await admin.get('/api/logs').expect(200)).body.meta.total === 2, 10_000, 100);
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await mollie.stop();
  }, STACK_CLOSE_MS);

  it('lists the entries, filters by level and shows one entry with its context', async () => {
    const { context, page, errors } = await newPage(browser, stack.baseUrl);
    await loginViaUi(page, ADMIN);
    await page.waitForURL('**/backend#/orders');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Systemlogs' }).click();
    await page.getByRole('heading', { name: 'Systemlogs' }).waitFor();
    const payment = page.getByRole('cell', {
      name: `Die Zahlung (Mollie) der Bestellung ${orderId} ist fehlgeschlagen.`,
    });
    const failure = page.getByRole('cell', {
      // the route pattern, not the URL (a URL may carry a secret)
      name: `Unerwarteter Fehler bei GET /api/devices/:id/logs (Fehlernummer ${errorId}).`,
    });
    await payment.waitFor();
    await failure.waitFor();
    expect(await page.getByText('2 Einträge').count()).toBe(1);

    await page.getByLabel('Stufe').selectOption({ label: 'Fehler' });
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await page.getByText('1 Eintrag', { exact: true }).waitFor();
    expect(await payment.count()).toBe(0);
    expect(page.url()).toContain('level=error');

    const row = page.getByRole('row').filter({ has: failure });
    await row.getByRole('link').click();
    await page.getByRole('heading', { name: /^Logeintrag \d+$/ }).waitFor();
    await page.getByText('INTERNAL_ERROR').waitFor();
    const contextRow = (key: string) =>
      page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: key, exact: true }) });
    expect(await contextRow('errorId').getByRole('cell').textContent()).toBe(errorId);
    expect(await contextRow('method').getByRole('cell').textContent()).toBe('GET');
    expect(await contextRow('origin').getByRole('cell').textContent()).toBe('service');

    await page.getByRole('link', { name: 'Zurück zur Liste' }).click();
    await page.getByRole('heading', { name: 'Systemlogs' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('tells a user who may not read the log that they lack the rights, without a retry that cannot help', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl);
    await loginViaUi(page, EMPLOYEE);
    await page.waitForURL('**/backend#/orders');
    await page.goto('/backend#/logs');
    const alert = page.getByRole('alert').filter({ hasText: 'Keine Rechte, um die Ressource anzufragen.' });
    await alert.waitFor();
    expect(await alert.textContent()).not.toContain('Logs konnten nicht geladen werden.');
    expect(await alert.getByRole('button', { name: 'Erneut versuchen' }).count()).toBe(0);
    await context.close();
  }, 60_000);
});
