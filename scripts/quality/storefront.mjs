#!/usr/bin/env node
/**
 * Storefront quality bars (issue 6), measured against a running stack that serves the built storefront:
 *   1. initial JavaScript (the entry script and its static imports, as index.html loads them) ≤ 100 KB gzip;
 *   2. axe-core: 0 serious or critical violations on every storefront route (and with the overlays open);
 *   3. Lighthouse (mobile preset, simulated throttling, Debian Chromium): performance ≥ 95 and
 *      accessibility ≥ 95 on / and on a store page.
 *
 * Usage:
 *   node scripts/quality/storefront.mjs [baseUrl]        (default http://127.0.0.1:3000)
 *   node scripts/quality/storefront.mjs --start          starts its own stack on :3300 (database shop_quality,
 *                                                        prefixes quality.) from the built dist, then stops it
 *   options: --skip-lighthouse, --json <file> (figures as JSON)
 * Exit code 1 when a bar is missed.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = resolve(ROOT, 'web/storefront/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const BARS = { initialJsGzipBytes: 100_000, performance: 95, accessibility: 95 };
const ADMIN = { username: 'admin', password: 'Admin-Demo-2026!' };

let stack = null;
let baseUrl = args.find((a) => /^https?:\/\//.test(a)) ?? 'http://127.0.0.1:3000';

async function startOwnStack() {
  const port = 3300;
  const env = {
    ...process.env,
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop_quality', GATEWAY_PORT: String(port), NATS_SUBJECT_PREFIX: 'quality.', REDIS_PREFIX: 'quality:',
    CATALOGUE_HEALTH_PORT: '0', IDENTITY_HEALTH_PORT: '0', ORDER_HEALTH_PORT: '0', CONTENT_HEALTH_PORT: '0', WORKERS_HEALTH_PORT: '0', PAYMENT_HEALTH_PORT: '0',
  };
  const child = spawn(process.execPath, ['scripts/start.mjs', '--skip-build'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout.on('data', () => undefined);
  child.stderr.on('data', () => undefined);
  baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/init`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  process.kill(-child.pid);
  throw new Error('the quality stack did not come up within 120 s');
}

/** 1. The JavaScript index.html loads before anything runs: its module script and the modulepreloads. */
function initialJs() {
  const html = readFileSync(resolve(DIST, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/build\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/build\/([^"]+)"/g),
  ].map((m) => m[1]);
  const sizes = files.map((file) => {
    const body = readFileSync(resolve(DIST, file));
    return { file, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
  });
  return { files: sizes, gzipBytes: sizes.reduce((s, f) => s + f.gzipBytes, 0) };
}

async function api(path, init = {}) {
  const res = await fetch(baseUrl + path, init);
  return { status: res.status, body: await res.json().catch(() => null), headers: res.headers };
}

/** An order to show on the status route: the newest one the admin sees (the demo has none at first: one is placed). */
async function someOrder(branches) {
  const login = await fetch(`${baseUrl}/backend/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (login.ok) {
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const list = await api('/api/orders?perPage=1', { headers: { cookie } });
    const found = list.body?.data?.[0];
    if (found) return found;
  }
  const init = (await api('/api/init')).body.data;
  const products = init.find((e) => e.url === '/api/products').data.filter((p) => p.type === 'simple');
  // a preorder for the next days at 10:00 (Vienna; +01:00 or +02:00 both fall into the demo's opening hours)
  const appointments = [null, 1, 2, 3].map((days) => {
    if (days === null) return null;
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(Date.now() + days * 86_400_000);
    return `${date}T10:00:00+01:00`;
  });
  for (const branch of branches) {
    for (const appointmentDate of appointments) for (const product of products.slice(0, 25)) {
      const res = await api('/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          branch: branch.id, items: [{ product: product.id, amount: product.minimumQuantity }], firstName: 'Qualität', lastName: 'Prüfung',
          email: 'quality@example.at', phone: '+43 660 1234567', legalInstructions: true, privacyPolicy: true,
          paymentMethod: branch.isCashEnabled ? 'cash' : 'datatrans', appointmentDate,
        }),
      });
      if (res.status === 201) return res.body.data;
    }
  }
  return null;
}

/** 2. axe-core in Chromium on every route and with the overlays open. */
async function axeAll() {
  const { chromium } = await import('playwright-core');
  const axeSource = readFileSync(resolve(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const context = await browser.newContext({ locale: 'de-AT', timezoneId: 'Europe/Vienna', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const init = (await api('/api/init')).body.data;
  const branches = init.find((e) => e.url === '/api/branches').data;
  const store = `/store/${branches[0].identifier}`;
  const order = await someOrder(branches);
  const results = [];

  async function check(label, prepare) {
    await prepare();
    await page.waitForTimeout(400);
    await page.addScriptTag({ content: axeSource });
    const result = await page.evaluate(async () => {
      // eslint-disable-next-line no-undef
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
    });
    const blocking = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    results.push({ route: label, violations: result, blocking: blocking.length });
    console.log(`  axe ${label}: ${blocking.length} serious/critical, ${result.length - blocking.length} other`);
    for (const v of blocking) console.log(`    ✗ ${v.impact} ${v.id}: ${v.help} — ${v.nodes.join(', ')}`);
  }
  const go = (path, waitFor) => async () => {
    await page.goto(baseUrl + path);
    await page.locator(waitFor).first().waitFor({ timeout: 15_000 });
  };

  await check('/', go('/', '.branch-list, .home-branch'));
  await check(`${store}`, go(store, '.product-group'));
  await check(`${store} (configuration overlay)`, async () => {
    await go(store, '.product-group')();
    const cookie = page.getByRole('button', { name: 'Akzeptieren' });
    if (await cookie.count()) await cookie.click();
    await page.locator('.product:not(.product--disabled) .product__actions button').first().click();
    await page.getByRole('dialog').waitFor();
  });
  await check(`${store} (cart open)`, async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'Zum Warenkorb hinzufügen' }).click().catch(() => undefined);
    await page.keyboard.press('Escape');
    await page.locator('.cart__toggle').click();
  });
  await check(`${store}/checkout`, go(`${store}/checkout`, 'h1'));
  await check(`${store}/checkout (date picker)`, async () => {
    const date = page.getByRole('button', { name: 'Datum wählen' });
    if (await date.count()) await date.click();
  });
  await check(`${store}/checkout/error`, go(`${store}/checkout/error`, 'h1'));
  if (order) await check('/status/{uid}/{hash}', go(`/status/${order.uid}/${order.hash}`, '.timeline'));
  else console.log('  axe /status: no order could be placed (every branch closed?): route not checked');
  await check('/kontakt', go('/kontakt', '#contact-form'));
  await check('/site/privacy', go('/site/privacy', 'h1'));
  await check('/gibt-es-nicht (404)', go('/gibt-es-nicht', 'h1'));
  await check('/self-service', go('/self-service', '.branch-list, .home-branch'));
  await browser.close();
  return results;
}

/** 3. Lighthouse, mobile preset (the default config), on / and on a store page. */
async function lighthouseAll(store) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'] });
  const out = [];
  try {
    for (const path of ['/', store]) {
      const runs = [];
      // the median of three runs: two cores are shared with other work
      for (let i = 0; i < 3; i++) {
        const result = await lighthouse(baseUrl + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
        const { categories, audits } = result.lhr;
        runs.push({
          performance: Math.round(categories.performance.score * 100),
          accessibility: Math.round(categories.accessibility.score * 100),
          fcp: audits['first-contentful-paint'].displayValue,
          lcp: audits['largest-contentful-paint'].displayValue,
          tbt: audits['total-blocking-time'].displayValue,
          cls: audits['cumulative-layout-shift'].displayValue,
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[1];
      out.push({ path, ...median, runs: runs.map((r) => r.performance) });
      console.log(`  lighthouse ${path}: performance ${median.performance} (runs ${runs.map((r) => r.performance).join('/')}), accessibility ${median.accessibility}, FCP ${median.fcp}, LCP ${median.lcp}, TBT ${median.tbt}, CLS ${median.cls}`);
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

let failed = false;
try {
  if (flag('--start')) stack = await startOwnStack();
  console.log(`storefront quality against ${baseUrl}`);
  const js = initialJs();
  console.log(`  initial JS: ${js.files.map((f) => `${f.file} ${(f.gzipBytes / 1000).toFixed(1)} kB gzip`).join(', ')} = ${(js.gzipBytes / 1000).toFixed(1)} kB (bar ${BARS.initialJsGzipBytes / 1000} kB)`);
  if (js.gzipBytes > BARS.initialJsGzipBytes) failed = true;
  const axe = await axeAll();
  if (axe.some((r) => r.blocking > 0)) failed = true;
  let lh = [];
  if (!flag('--skip-lighthouse')) {
    const init = (await api('/api/init')).body.data;
    const store = `/store/${init.find((e) => e.url === '/api/branches').data[0].identifier}`;
    lh = await lighthouseAll(store);
    if (lh.some((r) => r.performance < BARS.performance || r.accessibility < BARS.accessibility)) failed = true;
  }
  const json = option('--json');
  if (json) writeFileSync(json, JSON.stringify({ baseUrl, initialJs: js, axe, lighthouse: lh, bars: BARS }, null, 2));
  console.log(failed ? '✗ a quality bar is missed' : '✓ every quality bar is met');
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  if (stack) process.kill(-stack.pid, 'SIGTERM');
}
process.exit(failed ? 1 : 0);
