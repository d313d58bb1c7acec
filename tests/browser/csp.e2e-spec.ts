import { waitFor } from '@shop/testing';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { acceptCookies, launchBrowser, newPage, openProductOverlay, requireBuiltApp } from '../support/browser.js';
import { openAllDay } from './backoffice-support.js';
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
 * The Content Security Policy (ARCHITECTURE.md "Security") in Chromium: every route of the storefront and the
 * back office runs under it without one violation, also with the consent-gated tag manager and ad pixel
 * configured and consent given (their hosts cannot be reached from the test machine: a failed load is no
 * violation, a blocked one is).
 */
describe('Content Security Policy in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;

  beforeAll(async () => {
    requireBuiltApp('storefront');
    requireBuiltApp('backoffice');
    stack = await startStack('csp');
    await stack.seed();
    admin = await login(stack, ADMIN);
    // a closed branch without preorder lets nothing into the cart: the store page must take orders at any hour
    await openAllDay(admin, ['wien-innere-stadt']);
    const config = (await admin.get('/api/config').expect(200)).body.data;
    await admin.post('/api/config', { ...config, tagManagerId: 'GTM-TEST1', socialPixelId: '1234567890' }).expect(200);
    await waitFor(
      async () => {
        const init = (await request(stack.baseUrl).get('/api/init').expect(200)).body.data as Array<{
          url: string;
          data: { tagManagerId?: string | null };
        }>;
        return init.find((e) => e.url === '/api/config')!.data.tagManagerId === 'GTM-TEST1';
      },
      10_000,
      200,
    );
    browser = await launchBrowser();
  }, STACK_START_MS);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  /** A page that records every CSP violation: the DOM event (all documents) and Chromium's console report. */
  async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
    const { context, page } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    const violations: string[] = [];
    await context.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
          `${e.violatedDirective} blocked ${e.blockedURI} on ${location.pathname}${location.hash}`,
        ),
      ),
    );
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    return { page, violations };
  }

  it('storefront: home, branch page with consent (tag manager, ad pixel), product overlay, checkout, 404', async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/');
    await page.getByText(/Filialen werden angezeigt\./).waitFor();
    await acceptCookies(page);
    // consent given: the tag manager's script and the ad pixel are on the page (loaded or failed, not blocked)
    await page.locator('#tag-manager').waitFor({ state: 'attached' });
    await page.locator('#ad-pixel').waitFor({ state: 'attached' });
    await page.goto('/store/wien-innere-stadt');
    await page.getByRole('button', { name: 'Keine Produkte im Warenkorb' }).waitFor();
    const dialog = await openProductOverlay(page, [], 'Pizza Margherita');
    await dialog.getByRole('button', { name: /Familienpizza \(40 cm\)/ }).click();
    await dialog.getByRole('button', { name: 'Zum Warenkorb hinzufügen' }).click();
    await page.getByText('Produkt zum Warenkorb hinzugefügt.').first().waitFor();
    await page.getByRole('button', { name: '1 Produkt im Warenkorb' }).click();
    await page.getByRole('link', { name: 'Jetzt bestellen' }).click();
    await page.getByRole('heading', { name: 'Bestellvorgang' }).waitFor();
    await page.goto('/gibt-es-nicht');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(violations).toEqual([]);
  });

  it('back office: login page, then its screens', async () => {
    const { page, violations } = await watchedPage();
    await loginViaUi(page, ADMIN);
    await page.waitForURL((url) => url.pathname !== '/backend/login');
    for (const screen of [
      '/backend#/dashboard',
      '/backend#/products',
      '/backend#/users/1',
      '/backend#/logs',
      '/backend#/config',
    ]) {
      await page.goto(screen);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expect(violations).toEqual([]);
  });
});
