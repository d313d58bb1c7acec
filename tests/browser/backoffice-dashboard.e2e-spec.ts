import { waitFor } from '@shop/testing';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../../scripts/quality/backoffice-screens.mjs';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import {
  ADMIN,
  login,
  orderableProductOf,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';
import { loginViaUi, openAllDay, placeOrder } from './backoffice-support.js';

/** The statistics dashboard in Chromium (issue 21): a few orders show in the KPIs and in the heatmap's hour. */
describe('back office: statistics dashboard', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  let placedAt: Date;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    stack = await startStack('bo-dashboard');
    await stack.seed();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);
    const branch = (await openAllDay(admin, ['wien-innere-stadt']))['wien-innere-stadt']!;
    const product = await orderableProductOf(admin, branch.id);
    placedAt = new Date();
    for (let i = 0; i < 3; i++) await placeOrder(stack, branch.id, product);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(placedAt);
    // the statistics service counts the orders from their events
    await waitFor(
      async () =>
        (await admin.get(`/api/statistics/orders?from=${today}&to=${today}`).expect(200)).body.data.total === 3,
      10_000,
      100,
    );
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  it('shows the orders in the KPI tiles and the heatmap cell of their hour, with no serious axe violation', async () => {
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    await loginViaUi(page, ADMIN);
    await page.waitForURL('**/backend#/orders');
    await page.goto('/backend#/dashboard');
    await page.getByRole('heading', { name: 'Statistik', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Heute' }).click();
    const orders = page.getByRole('group', { name: 'Bestellungen', exact: true });
    await orders.locator('.kpi-value', { hasText: '3' }).waitFor();
    await page.getByRole('group', { name: 'Stornierungen' }).locator('.kpi-value', { hasText: '0' }).waitFor();

    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Vienna',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(placedAt);
    const hour = Number(parts.find((p) => p.type === 'hour')!.value);
    const weekday =
      ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.find((p) => p.type === 'weekday')!.value) + 1;
    const cell = page.locator(`table.heatmap td[data-weekday="${weekday}"][data-hour="${hour}"]`);
    await cell.and(page.locator('[data-orders="3"]')).waitFor();
    expect(await cell.textContent()).toContain('3 Bestellungen');
    // the popular items and the order origins are listed as tables
    await page.getByRole('region', { name: 'Bestellherkunft' }).getByRole('cell', { name: 'Onlineshop' }).waitFor();
    // the chart has its table alternative
    await page.getByText('Als Tabelle anzeigen').first().click();
    await page.getByRole('table', { name: 'Tabelle: Verlauf' }).waitFor();

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("says 'Statistik konnte nicht geladen werden.' with a retry when the statistics service does not answer", async () => {
    const { context, page } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await loginViaUi(page, ADMIN);
    await page.waitForURL('**/backend#/orders');
    await page.route('**/api/statistics/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"code":"SERVICE_UNAVAILABLE","message":"x"}',
      }),
    );
    await page.goto('/backend#/dashboard');
    const alert = page.getByRole('alert').filter({ hasText: 'Statistik konnte nicht geladen werden.' });
    await alert.waitFor();
    await page.unroute('**/api/statistics/**');
    await alert.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.getByRole('group', { name: 'Bestellungen', exact: true }).waitFor();
    await context.close();
  }, 60_000);
});
