import type { ContentNode, InitEntry, Site, SitePreviewLink } from '@shop/contracts';
import request from 'supertest';
import { SitePreviewTokens } from '../../services/content/src/sites/site-preview.js';
import { captureLogs } from '../support/captured-logs.js';
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
 * Draft preview (issue 18): the back office's 'Vorschau' of a non-public site asks for a short-lived signed link
 * (POST /api/sites/{id}/preview); on the presenter's (or storefront's) host, without a staff session, the page and
 * its start-up data then show that one site, and nothing else that is not public. Anything but a valid token of the
 * page's own site leaves the page a visitor's 404; every answer with a token is private, no-store and noindex.
 */
describe('draft preview links', () => {
  let stack: Stack;
  let admin: StaffClient;
  let draft: Site;
  let otherDraft: Site;
  let shopDraft: Site;
  let link: SitePreviewLink;

  const site = async (body: Record<string, unknown>) =>
    (await admin.post('/api/sites', body).expect(201)).body.data as Site;
  const previewOf = async (id: number) =>
    (await admin.post(`/api/sites/${id}/preview`, {}).expect(201)).body.data as SitePreviewLink;
  const tokenOf = (l: SitePreviewLink) => new URL(l.url).searchParams.get('vorschau')!;
  const get = (path: string, host: string | null = PRESENTER) => {
    const req = request(stack.baseUrl).get(path);
    return host ? req.set('Host', `${host}:3000`) : req;
  };
  const initSites = async (token: string | null, host: string | null = PRESENTER) => {
    const res = await get(
      token === null ? '/api/init' : `/api/init?vorschau=${encodeURIComponent(token)}`,
      host,
    ).expect(200);
    const entries = res.body.data as InitEntry[];
    const of = <T>(url: string) => entries.find((e) => e.url === url)!.data as T[];
    return { res, sites: of<Site>('/api/sites'), nodes: of<ContentNode>('/api/nodes') };
  };

  beforeAll(async () => {
    stack = await startStack('site-preview');
    await stack.seed();
    admin = await login(stack, ADMIN);
    await admin
      .post('/api/nodes', { type: 'project', isPublic: false, content: { name: 'Geheimprojekt' } })
      .expect(201);
    draft = await site({ website: 'presenter', path: '/entwurf', name: 'Entwurf', isPublic: false });
    otherDraft = await site({ website: 'presenter', path: '/noch-geheim', name: 'Noch geheim', isPublic: false });
    shopDraft = await site({ website: 'storefront', path: '/ueber-uns-neu', name: 'Über uns neu', isPublic: false });
    link = await previewOf(draft.id);
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  it("gives staff a link on the site's website host, bound to the site and expiring in 30 minutes", async () => {
    const url = new URL(link.url);
    expect(url.hostname).toBe(PRESENTER);
    expect(url.pathname).toBe('/entwurf');
    expect(url.searchParams.get('vorschau')).toBe(link.token);
    const minutes = (Date.parse(link.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    const shop = new URL((await previewOf(shopDraft.id)).url);
    expect(shop.hostname).toBe('127.0.0.1');
    expect(shop.pathname).toBe('/ueber-uns-neu');
  });

  it('refuses visitors (401) and answers an unknown site with 404', async () => {
    await request(stack.baseUrl).post(`/api/sites/${draft.id}/preview`).send({}).expect(401);
    const missing = await admin.post('/api/sites/999999/preview', {}).expect(404);
    expect(missing.body.message).toMatch(/Seite/);
  });

  it('shows the draft with a valid token: page 200, the site in the start-up data marked non-public, no-store, noindex', async () => {
    const page = await get(`/entwurf?vorschau=${encodeURIComponent(link.token)}`).expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    const { res, sites, nodes } = await initSites(link.token);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(sites.find((s) => s.path === '/entwurf')).toMatchObject({ id: draft.id, isPublic: false });
    // only that one site: other drafts and non-public nodes stay hidden
    expect(sites.some((s) => s.id === otherDraft.id)).toBe(false);
    expect(sites.every((s) => s.isPublic || s.id === draft.id)).toBe(true);
    expect(nodes.some((n) => n.content.name === 'Geheimprojekt')).toBe(false);
  });

  it('answers the page 404 without a token, and the start-up data holds no draft (public caching kept)', async () => {
    await get('/entwurf').expect(404);
    const { res, sites } = await initSites(null);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(sites.some((s) => !s.isPublic)).toBe(false);
  });

  it('answers 404 (never 500) for a tampered, an expired, another site’s and a foreign website’s token', async () => {
    const tampered = `${link.token.slice(0, -2)}${link.token.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = `${Buffer.from(JSON.stringify({ s: draft.id, w: 'presenter', e: 4102444800 })).toString('base64url')}.${link.token.split('.')[1]}`;
    const expired = stack.content
      .get(SitePreviewTokens)
      .issue({ id: draft.id, website: 'presenter' }, Date.now() - 31 * 60_000).token;
    const other = tokenOf(await previewOf(otherDraft.id));
    for (const token of [tampered, forged, expired, other, 'kein-token', 'x'.repeat(5000)]) {
      const page = await get(`/entwurf?vorschau=${encodeURIComponent(token)}`).expect(404);
      expect(page.headers['cache-control']).toBe('private, no-store');
      const { sites } = await initSites(token);
      expect(sites.some((s) => s.id === draft.id)).toBe(false);
    }
    // the other site's token shows that site, on its own path only
    await get(`/noch-geheim?vorschau=${encodeURIComponent(other)}`).expect(200);
    // a presenter site's token on the storefront's host shows nothing
    await get(`/entwurf?vorschau=${encodeURIComponent(link.token)}`, null).expect(404);
    expect((await initSites(link.token, null)).sites.some((s) => s.id === draft.id)).toBe(false);
  });

  it('logs an unreadable token as a warning that names the refusal (the error, not "[object Object]")', async () => {
    const logs = captureLogs([stack.gateway]);
    try {
      await get(`/entwurf?vorschau=${'x'.repeat(5000)}`).expect(404);
    } finally {
      logs.restore();
    }
    const refused = logs.lines
      .map((line) => JSON.parse(line) as { level: string; msg: string; err?: { message?: string } })
      .filter((line) => line.msg === 'preview token refused');
    expect(refused).toHaveLength(1);
    expect(refused[0].level).toBe('warn');
    expect(refused[0].err?.message).toEqual(expect.any(String));
  });

  it("shows a storefront draft on the storefront's host with its token", async () => {
    const token = tokenOf(await previewOf(shopDraft.id));
    await get('/ueber-uns-neu', null).expect(404);
    const page = await get(`/ueber-uns-neu?vorschau=${encodeURIComponent(token)}`, null).expect(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    const { sites } = await initSites(token, null);
    expect(sites.find((s) => s.id === shopDraft.id)).toMatchObject({ isPublic: false, path: '/ueber-uns-neu' });
  });

  it('leaves public pages unaffected by a token', async () => {
    await site({ website: 'presenter', path: '/oeffentlich', name: 'Öffentlich', isPublic: true });
    await get('/oeffentlich').expect(200);
    await get(`/oeffentlich?vorschau=${encodeURIComponent(link.token)}`).expect(200);
  });
});
