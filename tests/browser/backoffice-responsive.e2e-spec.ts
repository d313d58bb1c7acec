/// <reference lib="dom" />
import { CRUD_RESOURCES } from '@shop/contracts';
import type { Browser, Page } from 'playwright-core';
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

/**
 * The back office on a phone (390 px) and a laptop (1366 px), issue 14 item 11: every screen (each navigation
 * entry, its 'new' form and its first record, an order's details, a log entry, the dashboard) fits the viewport:
 * the page does not scroll sideways and no element of the main area is wider than the window.
 */
describe('back office: phones and narrow screens', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  let orderId: number;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    stack = await startStack('bo-responsive');
    await stack.seed();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);
    const branches = await openAllDay(admin, ['wien-innere-stadt']);
    const wien = branches['wien-innere-stadt']!.id;
    orderId = (await placeOrder(stack, wien, await orderableProductOf(admin, wien))).id;
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  /** What sticks out of the viewport: the document's scroll width and the main area's elements wider than the window. */
  async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; wide: string[] }> {
    return page.evaluate(() => {
      const vw = window.innerWidth;
      const wide: string[] = [];
      for (const el of Array.from(document.querySelectorAll('#main *'))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        // content that scrolls inside its own box (the dashboard's 24-hour heatmap) does not widen the page
        let scroller = el.parentElement;
        while (scroller && scroller.id !== 'main' && !/auto|scroll/.test(getComputedStyle(scroller).overflowX))
          scroller = scroller.parentElement;
        if (scroller && scroller.id !== 'main') continue;
        if (r.left < -1 || r.right > vw + 1) {
          const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ').join('.')}` : '';
          wide.push(`${el.tagName.toLowerCase()}${cls} (${Math.round(r.left)}–${Math.round(r.right)})`);
        }
      }
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: vw, wide: wide.slice(0, 5) };
    });
  }

  /** Every screen of the back office as the administrator reaches it: the navigation's routes and their forms. */
  async function screens(page: Page): Promise<string[]> {
    // read from the DOM once the shell has loaded the user: on a phone the navigation is folded (hidden), its
    // links are there all the same
    await page.locator('nav.sidebar a').first().waitFor({ state: 'attached' });
    const nav = await page
      .locator('nav.sidebar a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!.replace(/^#/, '')));
    const routes = ['/dashboard', ...nav, `/orders/${orderId}`];
    // the CRUD resources' screens (their list, new and first record); the other screens (dashboard, staff profile,
    // time clock, absences, signage, MFA) are the navigation's routes themselves
    const resources = nav.filter((r) => Object.hasOwn(CRUD_RESOURCES, r.slice(1)) && r !== '/orders');
    for (const r of resources) {
      const list = await admin.get(`/api${r}?limit=1`);
      expect({ r, status: list.status }).toEqual({ r, status: 200 });
      routes.push(`${r}/new`);
      const first = list.body.data[0] as { id: number } | undefined;
      if (first) routes.push(`${r}/${first.id}`);
    }
    const log = (await admin.get('/api/logs?limit=1').expect(200)).body.data[0] as { id: number } | undefined;
    if (log) routes.push(`/logs/${log.id}`);
    return routes;
  }

  for (const width of [390, 1366]) {
    it(`nothing is wider than a ${width} px window on any screen`, async () => {
      const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
      await page.setViewportSize({ width, height: 900 });
      await loginViaUi(page, ADMIN);
      await page.waitForURL('**/backend#/orders');
      const routes = await screens(page);
      expect(routes.length).toBeGreaterThan(20);
      const found: Record<string, unknown> = {};
      for (const route of routes) {
        await page.goto(`/backend#${route}`);
        await page.locator('#main h1').first().waitFor();
        // lists and forms load their data after the heading: wait until nothing says 'Wird geladen'
        await page.waitForFunction(() => !document.querySelector('#main .loading'));
        await page.locator('#main').evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
        const o = await overflow(page);
        if (o.scrollWidth > o.innerWidth || o.wide.length > 0) found[route] = o;
      }
      expect(found).toEqual({});
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);
  }

  it('on a phone the navigation is behind a menu button and leaves the screen to the content', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl, { mobile: true, timeoutMs: 15_000 });
    await loginViaUi(page, ADMIN);
    await page.waitForURL('**/backend#/orders');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const menu = page.getByRole('button', { name: 'Menü' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    // the board takes the whole width
    const main = (await page.locator('#main').boundingBox())!;
    expect(main.width).toBeGreaterThan(380);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Produkte' }).click();
    await page.getByRole('heading', { name: 'Produkte' }).waitFor();
    // choosing a screen closes the menu
    expect(await nav.isVisible()).toBe(false);
    // 'Position bearbeiten' on an order's details is reachable and tappable
    await page.goto(`/backend#/orders/${orderId}`);
    const edit = page.getByRole('button', { name: /Position bearbeiten/ }).first();
    await edit.waitFor();
    await edit.tap();
    await page.getByRole('dialog').waitFor();
    const dialog = (await page.getByRole('dialog').boundingBox())!;
    expect(dialog.x).toBeGreaterThanOrEqual(0);
    expect(dialog.x + dialog.width).toBeLessThanOrEqual(390);
    await context.close();
  }, 60_000);
});
