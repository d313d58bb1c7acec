import type { ContentNode } from '@shop/contracts';
import request from 'supertest';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const PRESENTER = 'immobilien.localhost';

/**
 * The real-estate presenter by host name (issue 17): PRESENTER_HOSTS get web/presenter, every other host the
 * storefront; a path no presenter page matches (storefront-presenter.md §2.1: public project, object and reference
 * nodes by slug, else a site at the path) is answered 404 with the app's 404 page; redirects come first.
 */
describe('presenter website by host name', () => {
  let stack: Stack;
  let admin: StaffClient;

  beforeAll(async () => {
    stack = await startStack('presenter');
    await stack.seed();
    admin = await login(stack, ADMIN);
    const node = async (body: Record<string, unknown>) =>
      (await admin.post('/api/nodes', body).expect(201)).body.data as ContentNode;
    const project = await node({ type: 'project', isPublic: true, content: { name: 'Haus am Fluß' } });
    await node({
      type: 'object',
      isPublic: true,
      content: { name: 'Top 1', projects: [{ project: { id: project.id, type: 'node' } }] },
    });
    await node({ type: 'project', isPublic: false, content: { name: 'Geheim' } });
    await node({ type: 'reference', isPublic: true, content: { name: 'Villa Süd' } });
    await admin
      .post('/api/sites', {
        website: 'presenter',
        path: '/',
        name: 'Start',
        type: 'home',
        layout: 'home',
        isPublic: true,
      })
      .expect(201);
    await admin
      .post('/api/sites', { website: 'presenter', path: '/kontakt', name: 'Kontakt', isPublic: true })
      .expect(201);
    await admin
      .post('/api/redirects', { website: 'presenter', source: '/alt', target: '/projekte/haus-am-fluss', status: 301 })
      .expect(201);
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  const page = (path: string, host: string | null = PRESENTER) => {
    const req = request(stack.baseUrl).get(path);
    return host ? req.set('Host', `${host}:3000`) : req;
  };

  it('answers the presenter pages of the host: detail pages by slug, site pages by path', async () => {
    for (const path of [
      '/',
      '/kontakt',
      '/projekte/haus-am-fluss',
      '/projekte/haus-am-fluss/top-1',
      '/referenzen/villa-sued',
    ]) {
      const res = await page(path).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toMatch(/\/build\/presenter\/|presenter web app is not built/);
    }
  });

  it('answers 404 with the presenter page for unknown paths, hidden nodes and a wrong project slug', async () => {
    for (const path of ['/gibt-es-nicht', '/projekte/geheim', '/projekte/undefined/top-1', '/referenzen/unbekannt']) {
      const res = await page(path).expect(404);
      expect(res.text).toMatch(/\/build\/presenter\/|presenter web app is not built/);
    }
  });

  it("applies the presenter's redirects first; other hosts keep the storefront", async () => {
    const moved = await page('/alt').expect(301);
    expect(moved.headers.location).toBe('/projekte/haus-am-fluss');
    await page('/alt', null).expect(404);
    const shop = await page('/projekte/haus-am-fluss', null).expect(404);
    expect(shop.text).not.toMatch(/\/build\/presenter\//);
    // a navigation item of type branch leads to the storefront's branch page, on the presenter's host too
    const branch = await page('/store/nirgends');
    expect(branch.text).not.toMatch(/\/build\/presenter\//);
  });

  it("serves the presenter's assets under /build/presenter/ and the API as JSON", async () => {
    const index = await page('/');
    const script = /src="(\/build\/presenter\/assets\/[^"]+\.js)"/.exec(index.text)?.[1];
    if (script) {
      const asset = await page(script).expect(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
    }
    await page('/build/presenter/assets/missing.js').expect(404);
    const init = await page('/api/init').expect(200);
    const sites = (init.body.data as Array<{ url: string; data: Array<{ path: string }> }>).find(
      (e) => e.url === '/api/sites',
    );
    expect(sites?.data.map((s) => s.path).sort()).toEqual(['/', '/kontakt']);
  });
});
