#!/usr/bin/env node
// Back-office quality gate (issue 7): the initial JavaScript of web/backoffice/dist is at most 250 KB gzipped,
// and axe-core finds no serious or critical violation on any screen.
//   node scripts/quality/backoffice.mjs [--base-url http://127.0.0.1:3000] [--skip-axe]
// The axe part drives Debian's Chromium against a running stack (npm start) with the demo logins; build the
// back office first (npx nx run @shop/web-backoffice:build).
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = new URL('../..', import.meta.url).pathname;
const DIST = resolve(ROOT, 'web/backoffice/dist');
const LIMIT_BYTES = 250 * 1024;
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const BASE = arg('--base-url', process.env.BACKOFFICE_BASE_URL ?? 'http://127.0.0.1:3000');
const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'Admin-Demo-2026!' };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let failed = false;

/* ---------------------------------------------------------------- bundle size */
function initialJs() {
  const html = readFileSync(resolve(DIST, 'index.html'), 'utf8');
  // what the browser loads before the first screen: the entry script and every modulepreload
  const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/backend\/([^"]+\.js)"/g)].map((m) => m[1]);
  const seen = new Set();
  // and what the entry imports statically (Vite lists those as modulepreload, but follow imports to be sure)
  const queue = [...files];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(resolve(DIST, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;}\n])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(`assets/${m[1]}`);
  }
  return [...seen].map((file) => ({ file, gzip: gzipSync(readFileSync(resolve(DIST, file)), { level: 9 }).length }));
}

if (!existsSync(resolve(DIST, 'index.html'))) {
  console.error('✗ web/backoffice/dist is missing: npx nx run @shop/web-backoffice:build');
  process.exit(1);
}
const files = initialJs();
const total = files.reduce((s, f) => s + f.gzip, 0);
for (const f of files) console.log(`  ${f.file}: ${(f.gzip / 1024).toFixed(1)} KB gzip`);
if (total > LIMIT_BYTES) {
  failed = true;
  console.error(`✗ initial JS ${(total / 1024).toFixed(1)} KB gzip > 250 KB`);
} else console.log(`✓ initial JS ${(total / 1024).toFixed(1)} KB gzip ≤ 250 KB`);

/* ---------------------------------------------------------------- axe on every screen */
if (!args.includes('--skip-axe')) {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const context = await browser.newContext({ baseURL: BASE, locale: 'de-AT', timezoneId: 'Europe/Vienna', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const results = [];

  async function audit(name, prepare) {
    await prepare();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(150);
    await page.evaluate(axeSource);
    const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    results.push({ name, bad });
    const mark = bad.length ? '✗' : '✓';
    console.log(`${mark} ${name}${bad.length ? ': ' + bad.map((v) => `${v.id} (${v.impact}, ${v.nodes.length}× e.g. ${v.nodes[0]?.target})`).join('; ') : ''}`);
  }
  const go = (hash) => async () => {
    await page.goto(`/backend#${hash}`);
    await page.locator('main h1').first().waitFor({ timeout: 10_000 });
  };

  await audit('login', async () => {
    await page.goto('/backend/login');
    await page.getByLabel('Benutzername').waitFor();
  });
  await audit('login with a wrong password', async () => {
    await page.getByLabel('Benutzername').fill('niemand-quality-check');
    await page.getByLabel('Passwort').fill('falsch');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('alert').waitFor();
  });
  await audit('login link page', async () => {
    await page.goto('/backend/login#/link/ungueltiger-link-0123456789');
    await page.getByRole('alert').waitFor({ timeout: 10_000 }).catch(() => undefined);
  });
  const login = await page.request.post('/backend/login', { data: ADMIN });
  if (!login.ok()) throw new Error(`login as ${ADMIN.username} failed: ${login.status()}`);

  const api = async (path) => (await (await page.request.get(path)).json()).data;
  await audit('order board', go('/orders'));
  await audit('missed orders', go('/orders/missed'));
  await audit('order history', go('/orders/history'));
  const history = await api('/api/orders?perPage=1');
  if (history?.[0]) {
    await audit('order detail', go(`/orders/${history[0].id}`));
    await audit('order: reject dialog', async () => {
      await page.goto('/backend#/orders');
      await page.locator('main h1').first().waitFor();
      const reject = page.getByRole('button', { name: /^Ablehnen:/ }).first();
      if (await reject.count()) {
        await reject.click();
        await page.locator('dialog[open]').waitFor();
      }
    });
  }
  await audit('dashboard', go('/dashboard'));
  await audit('configuration', go('/config'));
  for (const resource of ['divisions', 'branches', 'menus', 'categories', 'tags', 'products', 'tables', 'donatees', 'users', 'departments', 'devices', 'customers', 'external-users']) {
    await audit(`${resource}: list`, go(`/${resource}`));
    await audit(`${resource}: new`, go(`/${resource}/new`));
    const first = (await api(`/api/${resource}?perPage=1`))?.[0];
    if (first) await audit(`${resource}: edit`, go(`/${resource}/${first.id}`));
  }
  const configurable = (await api('/api/products?type=configurable&perPage=1'))?.[0];
  if (configurable) await audit('products: edit with configuration steps', go(`/products/${configurable.id}`));
  await audit('products: form errors', async () => {
    await go('/products/new')();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.locator('.field-error').first().waitFor({ timeout: 10_000 });
  });
  await audit('system logs', go('/logs'));
  const log = (await api('/api/logs?perPage=1'))?.[0];
  if (log) await audit('system log entry', go(`/logs/${log.id}`));
  for (const hash of ['/sites', '/navigations']) await audit(`placeholder ${hash}`, go(hash));
  const branch = (await api('/api/branches?perPage=1'))?.[0];
  if (branch?.apiKey) {
    await audit('front desk screen', go(`/frontdesk/${branch.id}/${branch.apiKey}`));
    await audit('counter screen', go(`/counter/${branch.id}/${branch.apiKey}`));
  }
  await browser.close();
  const violations = results.filter((r) => r.bad.length);
  if (violations.length) {
    failed = true;
    console.error(`✗ axe: serious or critical violations on ${violations.length} of ${results.length} screens`);
  } else console.log(`✓ axe: no serious or critical violation on ${results.length} screens`);
}
process.exit(failed ? 1 : 0);
