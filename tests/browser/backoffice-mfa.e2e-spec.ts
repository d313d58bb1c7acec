import { t } from '@shop/i18n-de';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import { EMPLOYEE, startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';
import { loginViaUi } from './backoffice-support.js';

/**
 * Two-factor login in Chromium (issue 15, item 8): a staff member enrols from the header link (the key shown
 * on the page, turned into codes by otplib, the library the server checks them with), logs out, and logs in
 * again with an app code and later with a recovery code; a missing or wrong code gets the wrong-password message.
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
    // the header with its logout button belongs to the staff screens; the two-factor page links back to them
    if (!page.url().endsWith('#/orders')) {
      await page.getByRole('link', { name: 'Weiter zum Backoffice' }).click();
      await page.waitForURL('**/backend#/orders');
    }
    await page.getByRole('banner').getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL('**/backend/login');
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
  }

  /**
   * Username, password and the second factor in one go: the form always has the code's field, since the server
   * answers a missing or wrong code like a wrong password (no telling that the password alone was right).
   */
  async function loginWithCode(page: Page, code: string) {
    await page.goto('/backend/login');
    await page.getByLabel('Code aus der Authenticator-App oder Wiederherstellungscode').fill(code);
    await loginViaUi(page, EMPLOYEE, { here: true });
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

    // password alone is not enough, nor with a wrong code: both answered like a wrong password; the app's code logs in
    await loginViaUi(page, EMPLOYEE);
    await page.getByRole('alert').getByText(t('auth.invalidCredentials')).waitFor();
    await loginWithCode(page, '000000');
    await page.getByRole('alert').getByText(t('auth.invalidCredentials')).waitFor();
    expect(page.url()).toContain('/backend/login');
    await loginWithCode(page, await nextPeriodCode(secret));
    await page.waitForURL('**/backend#/orders');
    await page.goto('/backend#/mfa');
    await page
      .getByText('Die Zwei-Faktor-Anmeldung ist eingerichtet. Verbleibende Wiederherstellungscodes: 10.')
      .waitFor();
    await logout(page);

    // a recovery code logs in once
    await loginWithCode(page, recoveryCodes[0]!);
    await page.waitForURL('**/backend#/orders');
    await page.goto('/backend#/mfa');
    await page
      .getByText('Die Zwei-Faktor-Anmeldung ist eingerichtet. Verbleibende Wiederherstellungscodes: 9.')
      .waitFor();
    await logout(page);
    await loginWithCode(page, recoveryCodes[0]!);
    await page.getByRole('alert').getByText(t('auth.invalidCredentials')).waitFor();
    expect(page.url()).toContain('/backend/login');

    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
