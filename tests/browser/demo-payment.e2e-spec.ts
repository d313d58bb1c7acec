import { waitFor } from '@shop/testing';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { startPaymentSandboxes } from '../../scripts/lib/demo-payments.mjs';
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
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
const PRODUCT = 'Tafelspitz mit Apfelkren und Schnittlauchsauce';

/**
 * The demo works offline, end to end (issue 43 item 7): the payment sandboxes `npm start` starts when no provider
 * is configured (scripts/lib/demo-payments.mjs, the same function), a card payment in Chromium: the checkout sends
 * the customer to the sandbox's payment page (marked as the demo's), 'Bezahlen' settles it (the sandbox's webhook)
 * and returns the customer to the status page, where the order is paid. No request leaves the machine.
 */
describe('demo: a card payment against the local payment sandbox', () => {
  let sandboxes: Awaited<ReturnType<typeof startPaymentSandboxes>>;
  let stack: Stack;
  let admin: StaffClient;
  let browser: Browser;

  beforeAll(async () => {
    requireBuiltApp('storefront');
    // the demo's setting: no provider configured, so both sandboxes start
    sandboxes = await startPaymentSandboxes({});
    stack = await startStack('demo-payment', sandboxes.env);
    await stack.seed();
    admin = await login(stack, ADMIN);
    const wien = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    await admin
      .put(`/api/branches/${wien.id}`, {
        ...wien,
        openingHours: ALL_DAY,
        deliveryHours: ALL_DAY,
        orderableFrom: null,
        isAppointmentRequired: false,
      })
      .expect(200);
    const products = (await admin.get('/api/products?perPage=500').expect(200)).body.data as Array<{
      id: number;
      name: string;
    }>;
    const probe = products.find((p) => p.name === PRODUCT)!.id;
    // the order service and the start-up batch follow the branch change through its event: an order it takes
    // (refused only for the missing terms) and the new hours in the batch
    await waitFor(
      async () => {
        const res = await request(stack.baseUrl)
          .post('/api/orders')
          .send({
            branch: wien.id,
            items: [{ product: probe, amount: 1 }],
            firstName: 'A',
            lastName: 'B',
            email: 'a@example.at',
            phone: '+43 660 1',
            legalInstructions: false,
            privacyPolicy: true,
          });
        const init = (await request(stack.baseUrl).get('/api/init').expect(200)).body.data as Array<{
          url: string;
          data: Array<{ identifier: string; openingHours: Array<{ to: string }> }>;
        }>;
        const hours = init
          .find((e) => e.url === '/api/branches')!
          .data.find((b) => b.identifier === 'wien-innere-stadt')!.openingHours;
        return (
          res.status === 422 &&
          res.body.errors.length === 1 &&
          res.body.errors[0].field === 'legalInstructions' &&
          hours.length === 1 &&
          hours[0]!.to === '24:00'
        );
      },
      10_000,
      200,
    );
    browser = await launchBrowser();
  }, STACK_START_MS);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await sandboxes?.close();
  }, STACK_CLOSE_MS);

  it("pays by card on the sandbox's page ('Bezahlen') and returns to the status page with the order paid", async () => {
    expect(sandboxes.urls.datatrans).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 30_000 });
    // nothing leaves the machine: every request goes to the stack or to the sandbox
    const outside: string[] = [];
    page.on('request', (r) => {
      const host = new URL(r.url()).host;
      if (![new URL(stack.baseUrl).host, new URL(sandboxes.urls.datatrans!).host].includes(host)) outside.push(r.url());
    });
    await page.goto('/store/wien-innere-stadt');
    await acceptCookies(page);
    await (
      await openProductOverlay(page, errors, PRODUCT)
    )
      .getByRole('button', { name: 'Zum Warenkorb hinzufügen' })
      .click();
    await page.getByText('Produkt zum Warenkorb hinzugefügt.').first().waitFor();
    await page.getByRole('button', { name: '1 Produkt im Warenkorb' }).click();
    await page.getByRole('link', { name: 'Jetzt bestellen' }).click();
    await page.waitForURL('**/store/wien-innere-stadt/checkout');
    await fillCheckoutCustomer(page);
    await page.getByRole('radio', { name: 'Kreditkarte' }).check();
    await page.getByRole('button', { name: 'Bestellung abschicken' }).click();

    // the sandbox's payment page, marked as the demo's
    await page.waitForURL(`${sandboxes.urls.datatrans}/v1/start/**`);
    await page.getByRole('heading', { name: 'Demo-Zahlung bei Datatrans' }).waitFor();
    expect(await page.getByRole('note').innerText()).toContain('Testumgebung der Demo');
    expect(await page.getByTestId('amount').innerText()).toMatch(/^EUR \d+\.\d{2}$/);
    await page.getByRole('link', { name: 'Bezahlen' }).click();

    // back at the shop: the status page of the order, which is paid
    await page.waitForURL(/\/status\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+$/);
    await page.getByRole('heading', { name: 'Vielen Dank für Ihre Bestellung!' }).waitFor();
    const [, , uid, hash] = new URL(page.url()).pathname.split('/');
    await waitFor(
      async () => (await request(stack.baseUrl).get(`/api/orders/public/${uid}/${hash}`).expect(200)).body.data.isPaid,
      10_000,
      200,
    );
    const order = (await request(stack.baseUrl).get(`/api/orders/public/${uid}/${hash}`).expect(200)).body.data;
    expect(order).toMatchObject({ paymentMethod: 'datatrans', isPaid: true, isFailed: false });
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
