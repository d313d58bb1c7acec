#!/usr/bin/env node
/**
 * Presenter quality bars (issue 17), measured against a running stack that serves the built presenter:
 *   1. initial JavaScript ≤ 100 KB gzip (index.html's module script and modulepreloads, gzip level 9), and no map
 *      code before consent: a first visit of /, a project and an object page without consent loads no mapbox chunk;
 *   2. axe-core: 0 serious or critical violations on every presenter route (/, project, object, reference-less 404,
 *      /kontakt) and overlay (cookie banner, mobile menu, lightbox, the contact form's error overlay, offline notice);
 *   3. Lighthouse (mobile preset, simulated throttling, Debian Chromium) on /, a project page and an object page:
 *      accessibility ≥ 95 (median), and in every one of 5 runs (issue 43; `--runs N` for another count, after one
 *      uncounted run per page) performance ≥ 95, LCP ≤ 1.8 s, TBT ≤ 150 ms, CLS ≤ 0.05: each run's figures (with its
 *      LCP element) are printed, then a pass/fail line per page and target, with the machine's load.
 * It creates what it audits through the API as the demo administrator (a home site with the projects overview, a
 * project with an object, a contact form at /kontakt), named 'Qualität …', unless they exist.
 *
 * Usage:
 *   node scripts/quality/presenter.mjs [baseUrl]         (default http://127.0.0.1:3000; pages are opened on
 *                                                         immobilien.localhost at the same port)
 *   node scripts/quality/presenter.mjs --start           starts its own stack on :3301 (database shop_quality_presenter,
 *                                                         prefixes qualityp.) from the built dist, then stops it
 *   options: --skip-lighthouse, --skip-axe, --json <file> (figures as JSON), --runs <N> (Lighthouse runs per page,
 *            default 5), --lhr-dir <dir> (every Lighthouse report in full)
 * Exit code 1 when a bar is missed.
 */
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import {
  adminSession,
  auditPage,
  axeAudit,
  firstVisitJs,
  flag,
  initialJs,
  launchChromium,
  option,
  reportInitialJs,
  ROOT,
  runAudit,
  urlArgument,
} from './lib.mjs';
import { LIGHTHOUSE_RUNS, lighthouseMedians, machineLoad, reportRuns, RUN_BARS, runFigures } from './lighthouse.mjs';

const DIST = resolve(ROOT, 'web/presenter/dist');
const BARS = { initialJsGzipBytes: 100_000, performance: 95, accessibility: 95, cls: 0.05 };
const PROJECT = { name: 'Qualität Haus am Fluß', slug: 'qualitaet-haus-am-fluss' };
const OBJECT = { name: 'Qualität Top 1', slug: 'qualitaet-top-1' };

/** the API's address: the argument, or with --start that of the audit's own stack */
let apiUrl;
const presenterUrl = () => apiUrl.replace(/\/\/[^:/]+/, '//immobilien.localhost');

/** The demo administrator's session: POST/PUT with its cookie and CSRF token. */
async function adminApi() {
  const { cookie, csrf } = await adminSession(apiUrl);
  return async (method, path, body) => {
    const res = await fetch(apiUrl + path, {
      method,
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
}

/** The project with its object, created once (named PROJECT and OBJECT). */
async function ensureProject(api, nodes, images) {
  const find = (type, name) => nodes.find((n) => n.type === type && n.content?.name === name);
  let project = find('project', PROJECT.name);
  if (!project) {
    project = await api('POST', '/api/nodes', {
      type: 'project',
      isPublic: true,
      content: {
        name: PROJECT.name,
        status: 'available',
        address: 'Uferweg 1, 1020 Wien',
        images,
        site_data: { image: images[0] },
        body: [
          { type: 'objects_overview', text: '<p>Die Wohnungen</p>' },
          { type: 'carousel', images },
        ],
      },
    });
  }
  if (!find('object', OBJECT.name)) {
    await api('POST', '/api/nodes', {
      type: 'object',
      isPublic: true,
      content: {
        name: OBJECT.name,
        projects: [{ project: { id: project.id, type: 'node' } }],
        object_data: {
          floor: 'EG',
          top: '1',
          room_count: 3,
          area: 74.5,
          type: 'buy',
          price: 350000,
          status: 'available',
        },
        body: [
          { type: 'object_details', data: [{ label: 'Balkon', value: '8 m²' }] },
          { type: 'carousel', images },
        ],
      },
    });
  }
}

/** What the audit opens, created once: a home site, a project with an object, /kontakt with a form. */
async function ensureContent() {
  const api = await adminApi();
  const nodes = await api('GET', '/api/nodes?perPage=500');
  const sites = await api('GET', '/api/sites?perPage=500');
  const images = (await api('GET', '/api/images?perPage=3'))
    .slice(0, 3)
    .map((i) => ({ id: i.id, version: i.version, extension: i.extension, alt: i.name ?? 'Bild' }));
  await ensureProject(api, nodes, images);
  let form = nodes.find((n) => n.type === 'form' && n.isPublic);
  form ??= await api('POST', '/api/nodes', {
    type: 'form',
    isPublic: true,
    content: {
      name: 'Qualität Kontakt',
      fields: [
        { kind: 'text', fieldId: 'name', type: 'text', label: 'Name', isRequired: true },
        { kind: 'text', fieldId: 'email', type: 'email', label: 'E-Mail', isRequired: true },
        { kind: 'text', fieldId: 'message', type: 'textarea', label: 'Nachricht' },
      ],
    },
  });
  const ensureSite = async (path, site) => {
    if (!sites.some((s) => s.website === 'presenter' && s.path === path))
      await api('POST', '/api/sites', { website: 'presenter', path, ...site });
  };
  await ensureSite('/', {
    name: 'Start',
    type: 'home',
    layout: 'home',
    isPublic: true,
    content: { body: [{ type: 'projects_overview', text: '<p>Unsere Projekte</p>' }] },
  });
  await ensureSite('/kontakt', {
    name: 'Kontakt',
    layout: 'subpage',
    isPublic: true,
    content: { body: [{ type: 'form', form: { id: form.id, type: 'node' } }] },
  });
  return {
    project: `/projekte/${PROJECT.slug}`,
    object: `/projekte/${PROJECT.slug}/${OBJECT.slug}`,
  };
}

/** 1b. No map code before consent: the JavaScript a first visit loads, without consent, names no mapbox chunk. */
function mapBeforeConsent(paths) {
  const visits = paths.map((path) => ({ path, url: presenterUrl() + path }));
  return firstVisitJs(DIST, /\/build\/presenter\/(assets\/[^?]+\.js)$/, visits, (visit) => {
    const map = visit.files.filter((f) => /mapbox|MapView/i.test(f));
    console.log(
      `  first visit of ${visit.path}: ${visit.files.length} JS files, ${(visit.gzipBytes / 1000).toFixed(1)} kB gzip, map code: ${map.length ? map.join(', ') : 'none'}`,
    );
    return { ...visit, map };
  });
}

/** 2. axe-core on every route and with every overlay open; a state that cannot be reached fails the run. */
async function axeAll(pages) {
  const browser = await launchChromium();
  const { context, page } = await auditPage(browser);
  const results = [];
  async function check(label, prepare) {
    await prepare();
    results.push(await axeAudit(page, label));
  }
  const go = (path, selector) => async () => {
    await page.goto(presenterUrl() + path);
    await page.locator(selector).first().waitFor();
  };
  try {
    await check('/ (cookie banner)', go('/', '.cookie-banner'));
    await check('/', async () => {
      await page.getByRole('button', { name: 'Ablehnen' }).click();
      await page.locator('.project-card').first().waitFor();
    });
    await check('/ (mobile menu)', async () => {
      await page.locator('.header__burger').click();
      await page.locator('.mobile-menu').waitFor();
    });
    await check(pages.project, go(pages.project, '.block--objects-overview, table'));
    await check(`${pages.project} (lightbox)`, async () => {
      await page.getByRole('button', { name: 'Bild vergrößern' }).first().click();
      await page.getByRole('dialog', { name: 'Bildergalerie' }).waitFor();
    });
    await check(pages.object, go(pages.object, '.price, h1'));
    await check('/kontakt', go('/kontakt', '#contact-form'));
    await check('/kontakt (error overlay)', async () => {
      await page.getByRole('button', { name: 'Datenschutzerklärung akzeptieren' }).click();
      await page.getByRole('button', { name: 'Absenden' }).click();
      await page.locator('.form-overlay').getByText('Bitte prüfen Sie Ihre Eingaben').waitFor();
    });
    await check('/gibt-es-nicht (404)', go('/gibt-es-nicht', 'h1'));
    await check('/ (offline notice)', async () => {
      await page.goto(presenterUrl() + '/');
      await page.locator('.project-card').first().waitFor();
      await context.setOffline(true);
      await page.getByRole('status').filter({ hasText: 'Sie sind offline' }).waitFor();
    });
    await context.setOffline(false);
  } finally {
    await browser.close();
  }
  return results;
}

/**
 * 3. Lighthouse, mobile preset (the default config): `LIGHTHOUSE_RUNS` runs per page (one uncounted run first), every
 * run printed and held to RUN_BARS; true when a bar is missed.
 */
async function lighthouseAll(paths) {
  console.log(`  lighthouse: ${LIGHTHOUSE_RUNS} runs per page, ${machineLoad()}`);
  const results = await lighthouseMedians(
    paths.map((path) => presenterUrl() + path),
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
  { port: 3301, database: 'shop_quality_presenter', prefix: 'qualityp', timeoutMs: 300_000 },
  async (url) => {
    apiUrl = url;
    let failed = false;
    console.log(`presenter quality against ${presenterUrl()}`);
    const js = initialJs(DIST, '/build/presenter/');
    if (reportInitialJs(js, BARS.initialJsGzipBytes)) failed = true;
    const pages = await ensureContent();
    const routes = await mapBeforeConsent(['/', pages.project, pages.object]);
    if (routes.some((r) => r.map.length > 0)) failed = true;
    const axe = flag('--skip-axe') ? [] : await axeAll(pages);
    if (axe.some((r) => r.blocking > 0)) failed = true;
    let lh = [];
    if (!flag('--skip-lighthouse')) {
      const measured = await lighthouseAll(['/', pages.project, pages.object]);
      lh = measured.out;
      if (measured.failed) failed = true;
    }
    const json = option('--json');
    if (json)
      writeFileSync(
        json,
        JSON.stringify({ initialJs: js, routeJs: routes, axe, lighthouse: lh, bars: BARS, runBars: RUN_BARS }, null, 2),
      );
    return failed;
  },
);
