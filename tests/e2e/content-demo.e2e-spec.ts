import type { ContentNode, Navigation, Site } from '@shop/contracts';
import { LEGAL_PAGES } from '@shop/domain';
import request from 'supertest';
import type { SeedResult } from '../../services/catalogue/src/seed/seed-catalogue.js';
import { startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';

const PRESENTER = 'immobilien.localhost';

interface InitEntry {
  url: string;
  data: unknown;
}
interface ContentInit {
  sites: Site[];
  navigations: Navigation[];
  nodes: ContentNode[];
}

/**
 * The seeded content demo (issue 16 "Seeded demo", services/content/README.md) through the whole stack: both
 * websites' start-up batches carry their navigations and pages, the pages resolve by host, the exposé and the
 * pictures are served, and seeding again changes nothing.
 */
describe('content demo seed', () => {
  let stack: Stack;
  let seeded: SeedResult;
  beforeAll(async () => {
    stack = await startStack('content_demo');
    seeded = await stack.seed();
    await stack.seedContent(seeded);
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  const get = (path: string, host?: string) => {
    const req = request(stack.baseUrl).get(path);
    return host ? req.set('Host', `${host}:3000`) : req;
  };
  async function init(host?: string): Promise<ContentInit> {
    const res = await get('/api/init', host).expect(200);
    const entries = res.body.data as InitEntry[];
    const entry = <T>(url: string) => entries.find((e) => e.url === url)?.data as T;
    return {
      sites: entry<Site[]>('/api/sites'),
      navigations: entry<Navigation[]>('/api/navigations'),
      nodes: entry<ContentNode[]>('/api/nodes'),
    };
  }

  it("the storefront's start-up batch: its navigations, the legal pages and the contact form", async () => {
    const { sites, navigations, nodes } = await init();
    expect(navigations.map((n) => n.identifier).sort()).toEqual(['main-navigation', 'navigation']);
    const footer = navigations.find((n) => n.identifier === 'navigation');
    const legal = footer?.items.find((i) => i.label === 'Rechtliches');
    expect(legal?.children.map((c) => c.target)).toEqual(
      LEGAL_PAGES.map((p) => sites.find((s) => s.path === p.path)?.id),
    );
    // the branch items name the catalogue's branches
    const branches = footer?.items.find((i) => i.label === 'Standorte')?.children ?? [];
    expect(branches.map((b) => b.label)).toContain('Donaugenuss Innere Stadt');
    expect(branches.every((b) => b.type === 'branch' && typeof b.target === 'number')).toBe(true);
    expect(sites.every((s) => s.website === 'storefront')).toBe(true);
    expect(sites.map((s) => s.path).sort()).toEqual(LEGAL_PAGES.map((p) => p.path).sort());
    const form = nodes.find((n) => n.identifier === 'demo-kontaktformular');
    expect(form?.content.actions).toEqual([expect.objectContaining({ kind: 'sendMail' })]);
  });

  it("the presenter's start-up batch: its navigations and pages, 3 projects, 12 objects, 7 references", async () => {
    const { sites, navigations, nodes } = await init(PRESENTER);
    expect(navigations.map((n) => n.identifier).sort()).toEqual(['main-navigation', 'navigation']);
    expect(navigations.every((n) => n.website === 'presenter')).toBe(true);
    // the estate site's legal pages are the agency's, without an allergens page (issue 43)
    const legal = LEGAL_PAGES.filter((p) => p.key !== 'allergens').map((p) => p.path);
    expect(sites.map((s) => s.path).sort()).toEqual(
      ['/', '/aktuelle-projekte', '/kontakt', '/referenzen', '/ueber-uns', ...legal].sort(),
    );
    const count = (type: string) => nodes.filter((n) => n.type === type).length;
    expect([count('project'), count('object'), count('reference'), count('form')]).toEqual([3, 12, 7, 2]);
    const home = sites.find((s) => s.path === '/');
    const hero = (home?.content.body as Array<{ type: string; slides?: unknown[] }>)[0];
    expect(hero.type).toBe('hero_home');
    expect(hero.slides?.length).toBeGreaterThan(1);
  });

  it('resolves the pages per host: home, a project, an object, a reference, the legal pages', async () => {
    for (const path of [
      '/',
      '/kontakt',
      '/projekte/wohnen-am-donaupark',
      '/projekte/gartenquartier-sued/gartenquartier-haus-a',
      '/referenzen/villa-grinzing',
    ]) {
      const res = await get(path, PRESENTER);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.text).toMatch(/\/build\/presenter\/|presenter web app is not built/);
    }
    // an object under another project's slug is no page
    await get('/projekte/wohnen-am-donaupark/gartenquartier-haus-a', PRESENTER).expect(404);
    // a legal page is a site of each website, looked up by path within the requesting host's website
    const byPath = `/api/sites/${encodeURIComponent('/site/privacy')}`;
    const shop = (await get(byPath).expect(200)).body.data as Site;
    const presenter = (await get(byPath, PRESENTER).expect(200)).body.data as Site;
    expect([shop.website, presenter.website]).toEqual(['storefront', 'presenter']);
    expect(shop).toMatchObject({ name: 'Datenschutzerklärung', isPublic: true, layout: 'simple' });
    await get('/site/privacy').expect(200);
    await get('/site/privacy', PRESENTER).expect(200);
    await get('/site/gibt-es-nicht', PRESENTER).expect(404);
  });

  it("serves the project's exposé and its pictures in every size", async () => {
    const { nodes } = await init(PRESENTER);
    const project = nodes.find((n) => n.identifier === 'demo-projekt-donaupark');
    const file = project?.content.file as { id: number; version: number; publicHash: string };
    const pdf = await get(`/upload/${file.publicHash}/${file.id}-${file.version}.pdf`).expect(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    const image = (project?.content.site_data as { image: { id: number; version: number } }).image;
    for (const size of ['icon', 'thumbnail', 'tiny', 'small', 'medium', 'large']) {
      const res = await get(`/image/${size}/${image.id}-${image.version}.jpg`);
      expect([size, res.status, res.headers['content-type']]).toEqual([size, 200, 'image/jpeg']);
    }
  });

  it("the presenter's demo form takes an inquiry and names what is missing", async () => {
    const { nodes } = await init(PRESENTER);
    const form = nodes.find((n) => n.identifier === 'demo-immobilien-anfrage');
    const submit = (body: object) =>
      request(stack.baseUrl).post(`/api/custom/form/${form?.id}`).set('Host', `${PRESENTER}:3000`).send(body);
    const ok = await submit({
      name: 'Anna Berger',
      email: 'anna@example.at',
      topic: 'Besichtigung',
      message: 'Ist Top 1 noch frei?',
      privacy: true,
    }).expect(200);
    expect(ok.body.data.thankYouMessage).toContain('Vielen Dank');
    const bad = await submit({ name: 'Anna Berger', email: 'keine-adresse', privacy: true });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.errors).toHaveLength(3);
  });

  it('seeding again is a no-op: nothing written, the start-up batches unchanged', async () => {
    const before = [await init(), await init(PRESENTER)];
    const again = await stack.seedContent(seeded);
    expect(again.created).toBe(0);
    expect([await init(), await init(PRESENTER)]).toEqual(before);
  });
});
