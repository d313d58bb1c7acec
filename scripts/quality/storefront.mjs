#!/usr/bin/env node
/**
 * Storefront quality bars (issue 6), measured against a running stack that serves the built storefront:
 *   1. initial JavaScript ≤ 100 KB gzip: the JavaScript index.html loads before anything runs (its module script
 *      and modulepreloads: the entry chunk with React, the router, the layout and the branch list). Reported
 *      beside it, without a bar: what a first visit of / and of a store page loads in all (entry + route chunks);
 *   2. axe-core: 0 serious or critical violations on every storefront route (also / with the home-page plugin on and
 *      the self-service routes) and with every overlay open (mobile menu, configuration, cart, date and time picker,
 *      donatee chooser, terms); the checkout is audited with a product in the cart. A state it cannot reach fails;
 *   3. Lighthouse (mobile preset, simulated throttling, Debian Chromium) on / and on a store page: accessibility ≥ 95
 *      (median), and in every one of 5 runs (issue 43; `--runs N` for another count) performance ≥ 95 with
 *      LCP ≤ 1.8 s, TBT ≤ 150 ms and CLS ≤ 0.05: each run's figures (with its LCP element) are printed, then a
 *      pass/fail line per page and target, with the machine's load (a shared machine makes the figures noisy).
 *
 * Usage:
 *   node scripts/quality/storefront.mjs [baseUrl]        (default http://127.0.0.1:3000)
 *   node scripts/quality/storefront.mjs --start          starts its own stack on :3300 (database shop_quality,
 *                                                        prefixes quality.) from the built dist, then stops it
 *   options: --skip-lighthouse, --skip-axe, --json <file> (figures as JSON), --runs <N> (Lighthouse runs per page,
 *            default 5, every one held to the bars), --lhr-dir <dir> (every Lighthouse report in full)
 * The audit logs in as the demo administrator: to find (or place) an order for the status page, and to switch
 * enablePluginHomePage on for one check of / (restored afterwards).
 * Exit code 1 when a bar is missed.
 */
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { firstVisitJs, flag, initialJs, option, reportInitialJs, ROOT, runAudit, urlArgument } from './lib.mjs';
import { LIGHTHOUSE_RUNS, lighthouseMedians, machineLoad, reportRuns, RUN_BARS, runFigures } from './lighthouse.mjs';
import { axeAll } from './storefront/axe.mjs';
import { api } from './storefront/shop.mjs';

const DIST = resolve(ROOT, 'web/storefront/dist');
const BARS = { initialJsGzipBytes: 100_000, performance: 95, accessibility: 95 };

/** the API's address: the argument, or with --start that of the audit's own stack */
let baseUrl;

/**
 * For information (no bar): the JavaScript a first visit of `path` runs before the page is usable — the entry
 * plus the chunks its route loads on demand (a deep link to /store/… also needs the branch page's chunks),
 * until the network is idle, without cookie consent (so no map, no analytics). gzip level 9 of the dist files.
 */
function routeJs(paths) {
  const visits = paths.map((path) => ({ path, url: baseUrl + path }));
  return firstVisitJs(DIST, /\/build\/(assets\/[^?]+\.js)$/, visits, (visit) => {
    console.log(
      `  JS loaded by a first visit of ${visit.path}: ${visit.files.length} files, ${(visit.gzipBytes / 1000).toFixed(1)} kB gzip`,
    );
    return visit;
  });
}

/**
 * 3. Lighthouse, mobile preset (the default config), on / and on a store page: `LIGHTHOUSE_RUNS` runs each (one
 * uncounted run per page first), every run printed and held to RUN_BARS; true when a bar is missed.
 */
async function lighthouseAll(store) {
  const paths = ['/', store];
  console.log(`  lighthouse: ${LIGHTHOUSE_RUNS} runs per page, ${machineLoad()}`);
  const results = await lighthouseMedians(
    paths.map((path) => baseUrl + path),
    runFigures,
    LIGHTHOUSE_RUNS,
  );
  let failed = false;
  const out = results.map((result, i) => {
    if (reportRuns(paths[i], result)) failed = true;
    if (result.accessibility < BARS.accessibility) {
      console.log(`    ✗ FAIL ${paths[i]} accessibility ≥ ${BARS.accessibility}: ${result.accessibility}`);
      failed = true;
    }
    return { path: paths[i], ...result };
  });
  console.log(`  lighthouse done, ${machineLoad()}`);
  return { out, failed };
}

await runAudit(
  urlArgument(),
  { port: 3300, database: 'shop_quality', prefix: 'quality', timeoutMs: 300_000 },
  async (url) => {
    baseUrl = url;
    let failed = false;
    console.log(`storefront quality against ${baseUrl}`);
    const js = initialJs(DIST, '/build/');
    if (reportInitialJs(js, BARS.initialJsGzipBytes)) failed = true;
    const init = (await api(baseUrl, '/api/init')).body.data;
    const storePath = `/store/${init.find((e) => e.url === '/api/branches').data.find((b) => b.isPublic && b.isEnabled).identifier}`;
    const routes = await routeJs(['/', storePath]);
    const axe = flag('--skip-axe') ? [] : await axeAll(baseUrl);
    if (axe.some((r) => r.blocking > 0)) failed = true;
    let lh = [];
    if (!flag('--skip-lighthouse')) {
      const measured = await lighthouseAll(storePath);
      lh = measured.out;
      if (measured.failed) failed = true;
    }
    const json = option('--json');
    if (json)
      writeFileSync(
        json,
        JSON.stringify(
          { baseUrl, initialJs: js, routeJs: routes, axe, lighthouse: lh, bars: BARS, runBars: RUN_BARS },
          null,
          2,
        ),
      );
    return failed;
  },
);
