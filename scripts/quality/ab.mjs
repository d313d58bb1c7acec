#!/usr/bin/env node
/**
 * Interleaved Lighthouse A/B of built web-app variants on one stack (a loaded machine makes absolute figures
 * meaningless; runs of A and B taken in turn, A,B,A,B,…, at least share the load). The app's dist directory
 * (WEB_STOREFRONT_DIR or WEB_PRESENTER_DIR of the stack) is a symlink that is pointed at each variant before its run;
 * outside production the gateway reads index.html (and the build manifest) on every load.
 *
 * Usage:
 *   WEB_STOREFRONT_DIR=/tmp/ab/sf AB_LINK=/tmp/ab/sf \
 *     node scripts/quality/ab.mjs <host|''> <path,path…> <rounds> <variant dist> <variant dist> …
 *   host: '' for 127.0.0.1, or immobilien.localhost for the presenter. Starts its own stack on AB_PORT (default 3300;
 *   database AB_DB, prefix AB_PREFIX) unless one answers there; AB_KEEP=1 leaves it running (its process group id in
 *   AB_OUT/stack.pid). Every report is written to AB_OUT/lhr (default /tmp/ab), a median summary is printed.
 */
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename } from 'node:path';
import { startOwnStack } from './lib.mjs';

const [, , host, pathList, rounds, ...variants] = process.argv;
const { AB_LINK: LINK, AB_OUT: OUT = '/tmp/ab' } = process.env;
if (!LINK || !pathList || !variants.length) throw new Error('usage: see the head of scripts/quality/ab.mjs');
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');

const port = Number(process.env.AB_PORT ?? 3300);
let stack = null;
try {
  await fetch(`http://127.0.0.1:${port}/api/init`);
} catch {
  ({ child: stack } = await startOwnStack({
    port,
    database: process.env.AB_DB ?? 'shop_quality',
    prefix: process.env.AB_PREFIX ?? 'quality',
    timeoutMs: 180_000,
  }));
  mkdirSync(OUT, { recursive: true });
  writeFileSync(`${OUT}/stack.pid`, String(stack.pid));
}
const base = `http://${host || '127.0.0.1'}:${port}`;
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
});
mkdirSync(`${OUT}/lhr`, { recursive: true });
const results = {};
try {
  for (let round = 0; round < Number(rounds); round++)
    for (const variant of variants) {
      rmSync(LINK, { force: true });
      symlinkSync(variant, LINK);
      for (const path of pathList.split(',')) {
        const { lhr } = await lighthouse(base + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const audit = (id) => Math.round(lhr.audits[id].numericValue);
        const run = {
          perf: Math.round(lhr.categories.performance.score * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: +lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        };
        const key = `${basename(variant)} ${path}`;
        (results[key] ??= []).push(run);
        writeFileSync(`${OUT}/lhr/${basename(variant)}-${path.replace(/\W/g, '_')}-${round}.json`, JSON.stringify(lhr));
        console.log(round, key, JSON.stringify(run), 'load', loadavg()[0].toFixed(1));
      }
    }
} finally {
  await chrome.kill();
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  for (const [key, runs] of Object.entries(results)) {
    const m = (f) => median(runs.map((r) => r[f]));
    console.log(
      `${key}: performance ${runs.map((r) => r.perf).join('/')} (median ${m('perf')}), FCP ${m('fcp')} ms, LCP ${m('lcp')} ms, TBT ${m('tbt')} ms (${runs.map((r) => r.tbt).join('/')})`,
    );
  }
  if (stack && !process.env.AB_KEEP) process.kill(-stack.pid, 'SIGTERM');
}
process.exit(0);
