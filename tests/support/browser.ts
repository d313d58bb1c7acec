import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Debian's Chromium headless shell (apt-get install -y chromium-headless-shell; `.ci/run` installs it), the same
 * Blink without the full browser around it, as Playwright's own headless runs use: the 30 browser suites took 26 %
 * less CPU (446 against 604 s, 317 against 372 s wall) than with the full `chromium`, which is taken where the shell
 * is not installed. CHROMIUM_PATH overrides both.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium-headless-shell';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH)`,
    );
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

/**
 * A fresh context (own cookies and storage) in German, with a phone-sized or desktop viewport. `timeoutMs`
 * shortens the page's waits, so a missing element fails with its locator instead of the test's timeout.
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  opts: { mobile?: boolean; timeoutMs?: number } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    isMobile: opts.mobile ?? false,
    hasTouch: opts.mobile ?? false,
  });
  const page = await context.newPage();
  if (opts.timeoutMs) page.setDefaultTimeout(opts.timeoutMs);
  // uncaught page errors fail the test that asserts on them (third-party hosts like mapbox may fail to load: that is not an error)
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/** A cookie's value and the days it has left (throws when it is not set). */
export async function cookieLifetime(context: BrowserContext, name: string): Promise<{ value: string; days: number }> {
  const cookie = (await context.cookies()).find((c) => c.name === name);
  if (!cookie) throw new Error(`cookie ${name} is not set`);
  return { value: cookie.value, days: (cookie.expires * 1000 - Date.now()) / 86_400_000 };
}

/** The gateway serves web/<app>/dist: a browser test fails (never skips) when the app is not built. */
export function requireBuiltApp(app: 'storefront' | 'backoffice' | 'presenter'): void {
  if (!existsSync(resolve(`web/${app}/dist/index.html`))) {
    throw new Error(`web/${app}/dist/index.html is missing: build it first (npx nx run @shop/web-${app}:build)`);
  }
}

/* Storefront steps (storefront-presenter.md §2–§4) shared by the browser tests that order as a customer. */

/**
 * Until the app has hydrated a page the gateway rendered (issues 17 and 22), its buttons do nothing (links work as
 * plain page loads): wait until React owns every button of the page (its props on each; links of rich text, which
 * React writes as inner HTML, never get them).
 */
export async function whenHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const buttons = [...document.querySelectorAll('#root button')];
    return (
      buttons.length > 0 && buttons.every((button) => Object.keys(button).some((k) => k.startsWith('__reactProps')))
    );
  });
}

export async function acceptCookies(page: Page): Promise<void> {
  await whenHydrated(page);
  await page.getByRole('button', { name: 'Akzeptieren' }).click();
}

/**
 * Opens a product's configuration overlay. If the overlay does not appear, the failure names what the page
 * showed instead (open dialogs, page errors, URL) and leaves a screenshot, so a rare CI failure can be read.
 */
export async function openProductOverlay(page: Page, errors: string[], product: string): Promise<Locator> {
  await whenHydrated(page);
  await page.getByRole('button', { name: `${product}: Auswählen` }).click();
  const dialog = page.getByRole('dialog', { name: product });
  try {
    await dialog.waitFor();
  } catch (e) {
    const shown = await page
      .getByRole('dialog')
      .evaluateAll((ds) =>
        ds.map(
          (d) =>
            d.getAttribute('aria-labelledby') &&
            document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent,
        ),
      );
    const shot = join(tmpdir(), `storefront-choose-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    throw new Error(
      `overlay '${product}' did not open at ${page.url()}; dialogs: ${JSON.stringify(shown)}; page errors: ${JSON.stringify(errors)}; screenshot ${shot}\n${String(e)}`,
      { cause: e },
    );
  }
  return dialog;
}

/** The checkout's customer fields and the two required consents. */
export async function fillCheckoutCustomer(page: Page, withAddress = false): Promise<void> {
  await page.getByLabel('Vorname').fill('Anna');
  await page.getByLabel('Nachname').fill('Berger');
  await page.getByLabel('E-Mail').fill('anna.berger@example.at');
  await page.getByLabel('Telefon').fill('0043 660 1234567');
  if (withAddress) {
    await page.getByLabel('Straße und Hausnummer').fill('Landstraßer Hauptstraße 1');
    await page.getByLabel('PLZ').fill('1030');
    await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Wien');
  }
  await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
}
