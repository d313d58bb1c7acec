import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';

/** Debian's Chromium (apt-get install -y chromium); `.ci/run` installs it. CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** A fresh context (own cookies and storage) in German, with a phone-sized or desktop viewport. */
export async function newPage(browser: Browser, baseUrl: string, opts: { mobile?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    isMobile: opts.mobile ?? false,
    hasTouch: opts.mobile ?? false,
  });
  const page = await context.newPage();
  // uncaught page errors fail the test that asserts on them (third-party hosts like mapbox may fail to load: that is not an error)
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}
