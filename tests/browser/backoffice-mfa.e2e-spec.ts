import { t } from '@shop/i18n-de';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import { EMPLOYEE, startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';
import { loginViaUi } from './backoffice-support.js';

/**
 * Two-factor login in Chromium (issue 15, item 8): a staff member enrols from the header link (the key shown
 * on the page, turned into codes by otplib, the library the server checks them with), logs out, and logs in
 * again with an app code and later with a recovery code; a wrong code gets the German message.
 */
describe('back office: two-factor login', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    stack = await startStack('bo-mfa');
    await stack.seed();
    browser = await launchBrowser();
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  /**
   * The code of the next 30-second period: the server accepts ±1 period, and a code is accepted once, so the
   * enrolment's code (this period) cannot be replayed and the test does not wait for the clock.
   */
  const nextPeriodCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

  async function logout(page: Page) {
    // the header with its logout link belongs to the staff screens; the two-factor page links back to them
    if (!page.url().endsWith('#/orders')) {
      await page.getByRole('link', { name: 'Weiter zum Backoffice' }).click();
      await page.waitForURL('**/backend#/orders');
    }
    await page.getByRole('link', { name: 'Abmelden' }).click();
    await page.waitForURL('**/backend/login');
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
  }

  /** Username and password, then the page asks for the second factor with the server's German text. */
  async function passwordStep(page: Page) {
    await loginViaUi(page, EMPLOYEE);
    await page.getByRole('alert').getByText(t('auth.mfaCodeRequired')).waitFor();
  }
  async function submitCode(page: Page, code: string) {
    await page.getByLabel('Code aus der Authenticator-App oder Wiederherstellungscode').fill(code);
    await page.getByRole('button', { name: 'Anmelden' }).click();
  }

  it('enrols, then logs in with an app code and with a recovery code; a wrong code is refused in German', async () => {
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });

    await loginViaUi(page, EMPLOYEE);
    await page.waitForURL('**/backend#/orders');
    await page.getByRole('link', { name: 'Zwei-Faktor-Anmeldung' }).click();
    await page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' }).waitFor();
    await page.getByRole('button', { name: 'Einrichtung starten' }).click();
    await page.getByRole('img', { name: 'QR-Code für die Authenticator-App' }).waitFor();
    const secret = (await page.locator('p', { hasText: 'Schlüssel:' }).locator('code').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // a wrong first code does not enable it
    await page.getByLabel('Code aus der App (6 Ziffern)').fill('000000');
    await page.getByRole('button', { name: 'Aktivieren' }).click();
    await page.getByRole('alert').getByText(t('auth.mfaCodeInvalid')).waitFor();
    await page.getByLabel('Code aus der App (6 Ziffern)').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Aktivieren' }).click();
    await page.getByRole('heading', { name: 'Ihre Wiederherstellungscodes' }).waitFor();
    const recoveryCodes = (await page.locator('.recovery-codes code').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    await page.getByRole('link', { name: 'Weiter zum Backoffice' }).click();
    await page.waitForURL('**/backend#/orders');
    await logout(page);

    // password alone is not enough; a wrong code is refused in German; the app's code logs in
    await passwordStep(page);
    await submitCode(page, '000000');
    await page.getByRole('alert').getByText(t('auth.mfaCodeInvalid')).waitFor();
    expect(page.url()).toContain('/backend/login');
    await submitCode(page, await nextPeriodCode(secret));
    await page.waitForURL('**/backend#/orders');
    await page.goto('/backend#/mfa');
    await page
      .getByText('Die Zwei-Faktor-Anmeldung ist eingerichtet. Verbleibende Wiederherstellungscodes: 10.')
      .waitFor();
    await logout(page);

    // a recovery code logs in once
    await passwordStep(page);
    await submitCode(page, recoveryCodes[0]!);
    await page.waitForURL('**/backend#/orders');
    await page.goto('/backend#/mfa');
    await page
      .getByText('Die Zwei-Faktor-Anmeldung ist eingerichtet. Verbleibende Wiederherstellungscodes: 9.')
      .waitFor();
    await logout(page);
    await passwordStep(page);
    await submitCode(page, recoveryCodes[0]!);
    await page.getByRole('alert').getByText(t('auth.mfaCodeInvalid')).waitFor();
    expect(page.url()).toContain('/backend/login');

    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
