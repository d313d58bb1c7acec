#!/usr/bin/env node
// Back-office quality gate (issue 7): the initial JavaScript of web/backoffice/dist is at most 250 KB gzipped,
// and axe-core finds no serious or critical violation on any screen.
//   node scripts/quality/backoffice.mjs [--base-url http://127.0.0.1:3000] [--skip-axe]
// The axe part drives Debian's Chromium against a running stack (npm start) with the demo logins; build the
// back office first (npx nx run @shop/web-backoffice:build). The screens are those of backoffice-screens.mjs, which
// tests/browser/backoffice-axe.e2e-spec.ts audits in the test suite against its own stack.
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { axeViolations, visitBackofficeScreens } from './backoffice-screens.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const DIST = resolve(ROOT, 'web/backoffice/dist');
const LIMIT_BYTES = 250 * 1024;
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const BASE = arg('--base-url', process.env.BACKOFFICE_BASE_URL ?? 'http://127.0.0.1:3000');
const ADMIN = {
  username: process.env.ADMIN_USERNAME ?? 'admin',
  password: process.env.ADMIN_PASSWORD ?? 'Admin-Demo-2026!',
};
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let failed = false;

/* ---------------------------------------------------------------- bundle size */
function initialJs() {
  const html = readFileSync(resolve(DIST, 'index.html'), 'utf8');
  // what the browser loads before the first screen: the entry script and every modulepreload
  const files = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/backend\/([^"]+\.js)"/g),
  ].map((m) => m[1]);
  const seen = new Set();
  // and what the entry imports statically (Vite lists those as modulepreload, but follow imports to be sure)
  const queue = [...files];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(resolve(DIST, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;}\n])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
      queue.push(`assets/${m[1]}`);
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
// the screen list is shared with tests/browser/backoffice-axe.e2e-spec.ts (which runs it against its own stack)
if (!args.includes('--skip-axe')) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  const context = await browser.newContext({
    baseURL: BASE,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const results = [];
  await visitBackofficeScreens(page, {
    admin: ADMIN,
    async check(name) {
      const bad = await axeViolations(page);
      results.push({ name, bad });
      console.log(
        `${bad.length ? '✗' : '✓'} ${name}${bad.length ? ': ' + bad.map((v) => `${v.id} (${v.impact}, ${v.targets.length}× e.g. ${v.targets[0]})`).join('; ') : ''}`,
      );
    },
    missing: (name, what) => console.warn(`– ${name}: not audited, needs ${what}`),
  });
  await browser.close();
  const violations = results.filter((r) => r.bad.length);
  if (violations.length) {
    failed = true;
    console.error(`✗ axe: serious or critical violations on ${violations.length} of ${results.length} screens`);
  } else console.log(`✓ axe: no serious or critical violation on ${results.length} screens`);
}
process.exit(failed ? 1 : 0);
