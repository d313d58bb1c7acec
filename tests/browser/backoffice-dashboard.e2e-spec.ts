import { waitFor } from '@shop/testing';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
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

/** The 22 metrics of backoffice-platform.md §7: each has its card on the dashboard (issue 41). */
const METRICS = [
  'unique-visitors',
  'page-views',
  'pages',
  'events',
  'event-flow',
  'resolutions',
  'device-pixel-ratios',
  'color-schemes',
  'referrers',
  'browsers',
  'operating-systems',
  'orders',
  'revenue',
  'canceled-orders',
  'items',
  'popular-items',
  'visitor-times',
  'order-times',
  'order-origins',
  'revenue-origins',
  'working-activities',
  'working-schedules',
];

/** A calendar day in Vienna as 'YYYY-MM-DD'. */
const viennaDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(at);

/** Logs in as an administrator and opens the dashboard (its heading shown). */
async function openDashboard(page: Page): Promise<void> {
  await loginViaUi(page, ADMIN);
  await page.waitForURL('**/backend#/orders');
  await page.goto('/backend#/dashboard');
  await page.getByRole('heading', { name: 'Statistik', level: 1 }).waitFor();
}

/**
 * The statistics dashboard in Chromium (issues 21, 41): a few orders show in the KPIs and in the heatmap's hour;
 * the previous whole month shows every metric with its unit, axes within the month and a CSV of its figures.
 */
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
    const today = viennaDay(placedAt);
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
    await openDashboard(page);
    await page.getByRole('button', { name: 'Heute' }).click();
    const orders = page.getByRole('group', { name: 'Bestellungen', exact: true });
    await orders.locator('.kpi-value', { hasText: '3' }).waitFor();
    await page
      .getByRole('group', { name: 'Stornierungen', exact: true })
      .locator('.kpi-value', { hasText: '0' })
      .waitFor();

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
    await page.getByRole('table', { name: 'Tabelle: Bestellungen' }).waitFor();

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows the previous whole month: every metric, items by unit, axes within the month, a CSV of its figures', async () => {
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    // the browser's clock in the month after the orders (the 10th, noon): "Letzter Monat" is the month they were
    // placed in, whatever day the test runs
    const [year, month] = viennaDay(placedAt).split('-').map(Number) as [number, number];
    const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
    await page.clock.setFixedTime(new Date(Date.UTC(next.y, next.m - 1, 10, 11, 0, 0)));
    await openDashboard(page);
    const mm = String(month).padStart(2, '0');
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const answered = page.waitForResponse(
      (res) => res.url().includes('/api/statistics/orders?') && res.url().includes(`from=${year}-${mm}-01`),
    );
    await page.getByRole('button', { name: 'Letzter Monat' }).click();
    await answered;
    await page.getByText(`01.${mm}.${year} – ${days}.${mm}.${year}`).waitFor();

    // every metric has its card with its figures, none failed
    for (const metric of METRICS) await page.locator(`[data-metric~="${metric}"] .stat-totals`).first().waitFor();
    expect(await page.getByText('Statistik konnte nicht geladen werden.').count()).toBe(0);
    const orders = page.getByRole('region', { name: 'Bestellungen', exact: true });
    await orders.getByRole('group', { name: 'Bestellungen: Summe' }).locator('.kpi-value', { hasText: '3' }).waitFor();
    // the month before it (the service's compare=previous) is named with its figure
    const dayBefore = new Date(Date.UTC(year, month - 1, 0));
    const monthBefore = `${String(dayBefore.getUTCMonth() + 1).padStart(2, '0')}.${dayBefore.getUTCFullYear()}`;
    const before = `${String(dayBefore.getUTCDate()).padStart(2, '0')}.${monthBefore}`;
    const dates = `01.${monthBefore} – ${before}`.replace(/\./g, '\\.');
    expect(await orders.locator('.stat-previous').textContent()).toMatch(
      new RegExp(`^Vorzeitraum \\(${dates}\\): [\\d.]+$`),
    );

    // items by unit: the ordered product counted in pieces, in the totals and in the top list
    const items = page.getByRole('region', { name: 'Verkaufte Artikel' });
    await items.getByRole('group', { name: 'Verkaufte Artikel: Summe (Stk.)' }).getByText('3 Stk.').waitFor();
    const popular = page.getByRole('table', { name: 'Tabelle: Beliebte Artikel' });
    expect(await popular.getByRole('columnheader').allTextContents()).toEqual(['Eintrag', 'Einheit', 'Wert']);
    const row = popular.getByRole('row').nth(1);
    expect((await row.getByRole('cell').allTextContents()).slice(1)).toEqual(['Stk.', '3 Stk.']);

    // every chart's x axis runs from the month's first day to its last (Vienna midnights) and is labelled in it
    const charts = page.getByTestId('series-chart');
    await charts.first().locator('canvas').first().waitFor();
    const bounds = await charts.evaluateAll((els) =>
      els.map((el) => ({
        min: (el as HTMLElement).dataset.xMin,
        max: (el as HTMLElement).dataset.xMax,
        ticks: (el as HTMLElement).dataset.ticks,
      })),
    );
    expect(bounds.length).toBeGreaterThanOrEqual(7);
    // the month's midnights on the browser's clock (its zone is Europe/Vienna, whatever zone the test runs in)
    const startOf = (day: number) =>
      page.evaluate(([y, m, d]) => new Date(y, m - 1, d).toISOString(), [year, month, day] as const);
    const [monthStart, monthLast] = [await startOf(1), await startOf(days)];
    for (const b of bounds) {
      expect(b.min).toBe(monthStart);
      expect(b.max).toBe(monthLast);
      const ticks = (b.ticks ?? '').split('|');
      expect(ticks.length).toBeGreaterThan(1);
      for (const tick of ticks) expect(tick).toMatch(new RegExp(`^\\d\\d\\.${mm}\\.$`));
      expect(ticks[0]).toBe(`01.${mm}.`);
    }
    // de-AT throughout: no uPlot 'Time: --' legend, no US dates
    expect(await page.getByText('Time').count()).toBe(0);
    for (const legend of await page.locator('.u-legend').allTextContents()) expect(legend).not.toContain('--');
    expect(await page.locator('.statistics').textContent()).not.toMatch(/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/);

    // the orders chart's figures as CSV: a line per day of the month, the orders on their day
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Bestellungen als CSV exportieren' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`orders_${year}-${mm}-01_${year}-${mm}-${days}.csv`);
    const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Beginn;Wert');
    expect(lines).toHaveLength(days + 1);
    const [, , d] = viennaDay(placedAt).split('-');
    expect(lines).toContain(`${d}.${mm}.${year};3`);
    expect(lines.filter((l) => !l.endsWith(';0'))).toEqual(['Beginn;Wert', `${d}.${mm}.${year};3`]);

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('offers the dashboard and the user profile in the sidebar; the profile shows the hours of the period', async () => {
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await loginViaUi(page, ADMIN);
    await page.waitForURL('**/backend#/orders');
    await page.getByRole('navigation').getByRole('link', { name: 'Mitarbeiterprofil' }).click();
    await page.getByRole('heading', { name: 'Mitarbeiterprofil', level: 1 }).waitFor();
    const summary = page.getByRole('region', { name: 'Stunden im Zeitraum' });
    await summary.getByText('Saldo').waitFor();
    expect(await summary.locator('dd').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^-?\d+,\d\d Std\.$/)]),
    );
    await page.getByRole('region', { name: 'Gearbeitete Stunden je Tag' }).getByText('Summe').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Statistik', exact: true }).click();
    await page.getByRole('heading', { name: 'Statistik', level: 1 }).waitFor();
    expect(await page.getByText('Statistik konnte nicht geladen werden.').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("says 'Statistik konnte nicht geladen werden.' at each chart with a retry when the service does not answer", async () => {
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
    const failed = page.getByRole('alert').filter({ hasText: 'Statistik konnte nicht geladen werden.' });
    await failed.first().waitFor();
    // one per card (22 metrics: 21 cards and the weekday × hour grid of two) and the KPI tiles
    await waitFor(async () => (await failed.count()) === 22, 10_000, 100);
    await page.unroute('**/api/statistics/**');
    await page.getByRole('region', { name: 'Kennzahlen' }).getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.getByRole('group', { name: 'Bestellungen', exact: true }).waitFor();
    // a card's retry loads its metric again (page views: no KPI tile shares its request)
    const views = page.getByRole('region', { name: 'Seitenaufrufe' });
    await views.getByRole('button', { name: 'Erneut versuchen' }).click();
    await views.getByRole('group', { name: 'Seitenaufrufe: Summe' }).waitFor();
    expect(await page.getByRole('region', { name: 'Meistbesuchte Seiten' }).getByRole('alert').count()).toBe(1);
    await context.close();
  }, 60_000);
});
