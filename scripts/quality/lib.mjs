/**
 * Helpers shared by the quality scripts (storefront.mjs, presenter.mjs): command-line options, an own stack from the
 * built dist, the initial JavaScript of a built app, the demo administrator's login, axe (Lighthouse: lighthouse.mjs).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = { username: 'admin', password: 'Admin-Demo-2026!' };

const args = process.argv.slice(2);
export const flag = (name) => args.includes(name);
export const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
/** The base URL given on the command line, else the default stack's. */
export const urlArgument = () => args.find((a) => /^https?:\/\//.test(a)) ?? 'http://127.0.0.1:3000';

/** gzip level 9 size of a file of a built app. */
export const gzipBytesOf = (dist, file) => gzipSync(readFileSync(resolve(dist, file)), { level: 9 }).length;

/**
 * Starts scripts/start.mjs from the built dist on its own port, database and NATS/Redis prefixes (no health ports,
 * so it runs beside the default stack) and waits until /api/init answers. Returns the process group and its URL.
 */
export async function startOwnStack({ port, database, prefix, timeoutMs }) {
  const healthPorts = [
    'CATALOGUE',
    'IDENTITY',
    'ORDER',
    'CONTENT',
    'WORKERS',
    'PAYMENT',
    'STATISTICS',
    'TIME_TRACKING',
    'SIGNAGE',
  ].map((service) => [`${service}_HEALTH_PORT`, '0']);
  const env = {
    ...process.env,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
    GATEWAY_PORT: String(port),
    NATS_SUBJECT_PREFIX: `${prefix}.`,
    REDIS_PREFIX: `${prefix}:`,
    // the gateway's metrics port too (default 3100): taken by the default stack or another quality stack
    GATEWAY_METRICS_PORT: '0',
    ...Object.fromEntries(healthPorts),
  };
  const child = spawn(process.execPath, ['scripts/start.mjs', '--skip-build'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'ignore'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/init`)).ok) return { child, url };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  process.kill(-child.pid);
  throw new Error(`the quality stack did not come up within ${timeoutMs / 1000} s`);
}

/**
 * The JavaScript index.html loads before anything runs: its module script and the modulepreloads under `buildPath`
 * (the app's public build path, e.g. /build/), with their gzip level 9 sizes.
 */
export function initialJs(dist, buildPath) {
  const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const path = buildPath.replaceAll('/', '\\/');
  const files = [
    ...html.matchAll(new RegExp(`<script[^>]+type="module"[^>]+src="${path}([^"]+)"`, 'g')),
    ...html.matchAll(new RegExp(`<link[^>]+rel="modulepreload"[^>]+href="${path}([^"]+)"`, 'g')),
  ].map((m) => m[1]);
  const sizes = files.map((file) => {
    const body = readFileSync(resolve(dist, file));
    return { file, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
  });
  return { files: sizes, gzipBytes: sizes.reduce((s, f) => s + f.gzipBytes, 0) };
}

/** Logs the initial JavaScript beside its bar; true when the bar is missed. */
export function reportInitialJs(js, barBytes) {
  console.log(
    `  initial JS: ${js.files.map((f) => `${f.file} ${(f.gzipBytes / 1000).toFixed(1)} kB gzip`).join(', ')} = ${(js.gzipBytes / 1000).toFixed(1)} kB (bar ${barBytes / 1000} kB)`,
  );
  return js.gzipBytes > barBytes;
}

/** A staff session (cookie and CSRF token) of the demo administrator. */
export async function adminSession(baseUrl) {
  const login = await fetch(`${baseUrl}/backend/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`admin login failed with ${login.status}: the audit needs the demo administrator`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { data } = await login.json();
  return { cookie, csrf: data.csrfToken };
}

/** Headless Debian Chromium for playwright-core. */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

let axeSource;
/**
 * axe-core on the page as it is now: logs the serious and critical violations and returns the audit of `route`
 * (every violation, and how many of them block).
 */
export async function axeAudit(page, route) {
  axeSource ??= readFileSync(resolve(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
  });
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(`  axe ${route}: ${blocking.length} serious/critical, ${violations.length - blocking.length} other`);
  for (const v of blocking) console.log(`    ✗ ${v.impact} ${v.id}: ${v.help} — ${v.nodes.join(', ')}`);
  return { route, violations, blocking: blocking.length };
}

/**
 * The JavaScript a first visit of each page loads until the network is idle (a phone's viewport, no cookie consent,
 * so no map and no analytics): the files `pattern` takes out of the requested paths (its first group, relative to
 * `dist`) and their gzip size (level 9). `each(visit)` answers what is kept of a visit (and may print it).
 */
export async function firstVisitJs(dist, pattern, visits, each) {
  const browser = await launchChromium();
  const out = [];
  try {
    for (const { path, url } of visits) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const files = new Set();
      page.on('request', (r) => {
        const m = pattern.exec(new URL(r.url()).pathname);
        if (m) files.add(m[1]);
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      const gzipBytes = [...files].reduce((sum, f) => sum + gzipBytesOf(dist, f), 0);
      out.push(each({ path, files: [...files], gzipBytes }));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

/**
 * A phone-sized page for the axe audits (German, touch, 15 s for each wait), with `options` of the browser context.
 * The CSP is bypassed: axe is added as an inline script, which the apps' CSP rightly refuses.
 */
export async function auditPage(browser, options = {}) {
  const context = await browser.newContext({
    locale: 'de-AT',
    ...options,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * Runs a quality audit and exits: against `url`, or with `--start` on its own stack (`stackOptions` of
 * startOwnStack, stopped afterwards). `audit(url)` answers whether a bar is missed; exit code 1 then, or on an error.
 */
export async function runAudit(url, stackOptions, audit) {
  let stack = null;
  let failed;
  try {
    if (flag('--start')) ({ child: stack, url } = await startOwnStack(stackOptions));
    failed = await audit(url);
    console.log(failed ? '✗ a quality bar is missed' : '✓ every quality bar is met');
  } catch (err) {
    console.error(err);
    failed = true;
  } finally {
    if (stack) process.kill(-stack.pid, 'SIGTERM');
  }
  process.exit(failed ? 1 : 0);
}
