// Lighthouse for the quality scripts (issue 43's speed bars): the runs, each run's figures, the pass/fail lines.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';

import { CHROMIUM, option } from './lib.mjs';

/**
 * `--lhr-dir <dir>`: every Lighthouse run's full report as JSON, for Lighthouse's own diagnostics (the LCP element
 * and its phases, long tasks, bootup time, layout-shift elements, render-blocking resources).
 */
function keepReport(lhr) {
  const dir = option('--lhr-dir');
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const name = new URL(lhr.finalDisplayedUrl).pathname.replace(/\W+/g, '_');
  writeFileSync(resolve(dir, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
}

/**
 * Lighthouse, mobile preset (the default config), performance and accessibility: `runs` runs per URL (default
 * three, as two cores are shared with other work). `summary(lhr)` picks the figures of one run; the result per URL
 * is the median's figures (by performance), the performance scores and every run's figures (`all`).
 */
export async function lighthouseMedians(urls, summary, runCount = 3) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
  });
  const out = [];
  try {
    for (const url of urls) {
      // one run first, not counted: the server's first answers of a page (image sizes made on first request, cold
      // caches, a stack still settling after start) are not what a returning visitor's browser measures
      const run = () =>
        lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
      await run();
      const runs = [];
      for (let i = 0; i < runCount; i++) {
        let { lhr } = await run();
        // a run Lighthouse could not record (NO_NAVSTART: "a flaky Chrome issue … run Lighthouse again", its
        // maintainers in GoogleChrome/lighthouse#5463) is measured again, at most twice, and said
        for (let retry = 0; retry < 2 && lhr.runtimeError?.code === 'NO_NAVSTART'; retry++) {
          console.log(`    (${url}: run ${i + 1} not recorded, ${lhr.runtimeError.code}: measured again)`);
          ({ lhr } = await run());
        }
        keepReport(lhr);
        runs.push({
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          // a run Lighthouse could not measure (e.g. NO_FCP on a loaded machine) scores 0: say why
          error: lhr.runtimeError?.code,
          ...summary(lhr),
        });
      }
      const all = [...runs];
      runs.sort((a, b) => a.performance - b.performance);
      out.push({ ...runs[Math.floor((runs.length - 1) / 2)], runs: all.map((r) => r.performance), all });
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

/**
 * Issue 43: what every Lighthouse run of a page must meet (mobile preset), in every one of `LIGHTHOUSE_RUNS` runs
 * (`--runs N` for another count). The scripts print each run's figures and a pass/fail line per target.
 */
export const RUN_BARS = { performance: 95, lcpMs: 1800, tbtMs: 150, cls: 0.05 };
export const LIGHTHOUSE_RUNS = option('--runs') ? Number(option('--runs')) : 5;

/** One run's figures of the targets, plus FCP, the LCP element and the LCP's phases (to find what makes it slow). */
export function runFigures({ audits }) {
  const lcpElement = audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = lcpElement[0]?.items?.[0]?.node;
  const phases = (lcpElement[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)} ms`);
  return {
    fcp: audits['first-contentful-paint'].displayValue,
    lcp: audits['largest-contentful-paint'].displayValue,
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].displayValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].displayValue,
    clsValue: audits['cumulative-layout-shift'].numericValue,
    lcpElement: node ? (node.snippet ?? node.selector ?? '').slice(0, 160) : null,
    lcpPhases: phases.join(', '),
  };
}

const TARGETS = [
  { name: `performance ≥ ${RUN_BARS.performance}`, value: (r) => r.performance, ok: (v) => v >= RUN_BARS.performance },
  {
    name: `LCP ≤ ${RUN_BARS.lcpMs / 1000} s`,
    value: (r) => `${(r.lcpMs / 1000).toFixed(2)} s`,
    ok: (_v, r) => r.lcpMs <= RUN_BARS.lcpMs,
  },
  {
    name: `TBT ≤ ${RUN_BARS.tbtMs} ms`,
    value: (r) => `${Math.round(r.tbtMs)} ms`,
    ok: (_v, r) => r.tbtMs <= RUN_BARS.tbtMs,
  },
  { name: `CLS ≤ ${RUN_BARS.cls}`, value: (r) => r.clsValue.toFixed(3), ok: (_v, r) => r.clsValue <= RUN_BARS.cls },
];

/** The targets one run misses (a run Lighthouse could not measure misses every one). */
export function runMisses(run) {
  if (run.error) return [run.error];
  return TARGETS.filter((t) => !t.ok(t.value(run), run)).map((t) => t.name);
}

/** The machine's load (1, 5, 15 minutes) and its cores: Lighthouse's figures on a shared machine come with it. */
export const machineLoad = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

/**
 * Prints every run of a page (its figures, the LCP element and phases) and one pass/fail line per target ("in 5 of
 * 5 runs"); true when a target is missed in any run.
 */
export function reportRuns(path, result) {
  console.log(`  lighthouse ${path}: ${result.all.length} runs (${machineLoad()})`);
  result.all.forEach((run, n) => {
    if (run.error) return console.log(`    run ${n + 1}: not measured (${run.error}) ✗`);
    const missed = runMisses(run);
    console.log(
      `    run ${n + 1}: performance ${run.performance}, accessibility ${run.accessibility}, FCP ${run.fcp}, LCP ${run.lcp}, TBT ${run.tbt}, CLS ${run.clsValue.toFixed(3)}${missed.length ? ` ✗ ${missed.join(', ')}` : ' ✓'}`,
    );
    if (run.lcpElement)
      console.log(`      LCP element: ${run.lcpElement}${run.lcpPhases ? ` (${run.lcpPhases})` : ''}`);
  });
  let failed = false;
  for (const target of TARGETS) {
    const measured = result.all.filter((r) => !r.error);
    const values = measured.map((r) => target.value(r));
    const met = measured.filter((r) => target.ok(target.value(r), r)).length;
    const pass = met === result.all.length;
    if (!pass) failed = true;
    console.log(
      `    ${pass ? '✓ PASS' : '✗ FAIL'} ${path} ${target.name}: ${met} of ${result.all.length} runs (${values.join(', ')})`,
    );
  }
  return failed;
}
