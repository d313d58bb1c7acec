import { createHash } from 'node:crypto';
import { nodePath, PRESENTER_PAGE_TYPES } from '@shop/domain';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import { startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';

/**
 * Issue 43 item 4: every page a visitor can open on the demo seed (the storefront's branch list and each public
 * branch page, the presenter's every public site, project, object and reference page, enumerated from the websites'
 * start-up batches) arrives rendered, hydrates in Chromium without one console error (React's #419 when a Suspense
 * boundary the server outlined could not be revealed), without one CSP violation, and its HTML names every inline
 * script it carries in its CSP (hash) and has no boundary left for a script to reveal.
 */
/** each page loads, hydrates and goes idle in turn: up to ~5 s each on a loaded two-core CI machine */
const PAGES_MS = 240_000;

describe('every public page in Chromium: no console error, no CSP violation', () => {
  let stack: Stack;
  let browser: Browser;
  let presenterUrl: string;
  const PRESENTER_HOST = 'immobilien.localhost';

  beforeAll(async () => {
    requireBuiltApp('storefront');
    requireBuiltApp('presenter');
    stack = await startStack('csp-every-page');
    await stack.seedContent(await stack.seed());
    presenterUrl = stack.baseUrl.replace('127.0.0.1', PRESENTER_HOST);
    browser = await launchBrowser();
  }, STACK_START_MS);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  type Entry = { url: string; data: unknown };
  const batch = async (host?: string) => {
    const req = request(stack.baseUrl).get('/api/init');
    if (host) void req.set('host', host);
    return ((await req.expect(200)).body as { data: Entry[] }).data;
  };
  const dataOf = <T>(entries: Entry[], url: string) => entries.find((e) => e.url === url)?.data as T;

  async function storefrontPaths(): Promise<string[]> {
    const branches = dataOf<Array<{ identifier: string }>>(await batch(), '/api/branches');
    return ['/', ...branches.map((b) => `/store/${b.identifier}`)];
  }

  async function presenterPaths(): Promise<string[]> {
    const entries = await batch(PRESENTER_HOST);
    type Site = { id: number; path: string; name: string; type: string; isPublic: boolean; content: object };
    type Node = { id: number; type: string; isPublic: boolean; content: Record<string, unknown> };
    const sites = dataOf<Site[]>(entries, '/api/sites').filter(
      (s) => s.isPublic && PRESENTER_PAGE_TYPES.includes(s.type),
    );
    const nodes = dataOf<Node[]>(entries, '/api/nodes');
    const nodePaths = nodes.filter((n) => n.isPublic).map((n) => nodePath(nodes, n));
    return [...sites.map((s) => s.path), ...nodePaths.filter((p): p is string => p !== null)];
  }

  /** The page's HTML as a visitor gets it: every inline script's hash in its CSP, no boundary a script must reveal. */
  async function checkHtml(path: string, host?: string): Promise<string[]> {
    const req = request(stack.baseUrl).get(path);
    if (host) void req.set('host', host);
    const res = await req;
    const problems: string[] = [];
    if (res.status !== 200) problems.push(`${path}: status ${res.status}`);
    const html = res.text;
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/\bsrc=/.test(attrs) || /type="application\/(ld\+)?json"/.test(attrs)) continue;
      const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
      if (!scriptSrc.includes(hash))
        problems.push(`${path}: inline script without its hash in the CSP: ${body.slice(0, 80)}`);
    }
    if (html.includes('<!--$?-->')) problems.push(`${path}: a Suspense boundary left for a script to reveal`);
    if (!/<div id="root"[^>]*>\s*<[a-z]/.test(html)) problems.push(`${path}: no server-rendered markup`);
    return problems;
  }

  /** Opens each path in one tab, waits until the page is loaded and idle, and lists what went wrong. */
  async function visit(base: string, paths: string[]): Promise<string[]> {
    const { context, page, errors } = await newPage(browser, base, { timeoutMs: 30_000 });
    const problems: string[] = [];
    await context.exposeFunction('reportCspViolation', (v: string) => problems.push(`CSP: ${v}`));
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
          `${e.violatedDirective} blocked ${e.blockedURI} on ${location.pathname}`,
        ),
      ),
    );
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console on ${new URL(page.url()).pathname}: ${m.text()}`);
    });
    try {
      for (const path of paths) {
        await page.goto(path, { waitUntil: 'load' });
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        if (await page.getByText('Wird geladen …').count()) problems.push(`${path}: 'Wird geladen …' after hydration`);
      }
    } finally {
      await context.close();
    }
    return [...problems, ...errors.map((e) => `page error: ${e}`)];
  }

  /** React owns #root's first element (its fiber on it) once the page has hydrated. */
  const hydrated = (page: Page) =>
    page.waitForFunction(() => {
      const first = document.querySelector('#root > *');
      return first !== null && Object.keys(first).some((k) => k.startsWith('__reactFiber'));
    });

  it(
    'storefront: the branch list and every public branch page (Wien, Graz, Linz …)',
    async () => {
      const paths = await storefrontPaths();
      expect(paths).toEqual(expect.arrayContaining(['/store/graz-lend', '/store/linz-hauptplatz']));
      const html = (await Promise.all(paths.map((p) => checkHtml(p)))).flat();
      expect(html).toEqual([]);
      expect(await visit(stack.baseUrl, paths)).toEqual([]);
    },
    PAGES_MS,
  );

  it(
    'presenter: every public site, project, object and reference page',
    async () => {
      const paths = await presenterPaths();
      expect(paths.length).toBeGreaterThan(5);
      expect(paths.some((p) => p.startsWith('/projekte/'))).toBe(true);
      const html: string[] = [];
      for (const path of paths) html.push(...(await checkHtml(path, PRESENTER_HOST)));
      expect(html).toEqual([]);
      expect(await visit(presenterUrl, paths)).toEqual([]);
    },
    PAGES_MS,
  );
});
