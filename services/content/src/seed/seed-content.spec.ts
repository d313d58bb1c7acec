import type { ContentNode, Navigation, Site } from '@shop/contracts';
import { IMAGE_WIDTHS, LEGAL_PAGES, resolvePresenterPage, websiteContactForm } from '@shop/domain';
import { OutboxEntity } from '@shop/server';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { contentTestContext, type ContentTestContext } from '../../test/content-test-context.js';
import { ImageEntity } from '../images/image.entity.js';
import { NavigationEntity } from '../navigations/navigation.entity.js';
import { NodeEntity } from '../nodes/node.entity.js';
import { SiteEntity } from '../sites/site.entity.js';
import { SubmitForm } from '../forms/submit-form.usecase.js';
import { UploadEntity } from '../uploads/upload.entity.js';
import { seedContent, type ContentSeedResult } from './seed-content.js';

const options = {
  legalTexts: { privacyPolicyText: '# Datenschutz\n\nWir speichern nur, was nötig ist.', imprintText: '# Impressum' },
  branches: [
    { identifier: 'wien-neubau', name: 'Wien Neubau' },
    { identifier: 'graz-lend', name: 'Graz Lend' },
  ],
  branchIds: { 'wien-neubau': 7, 'graz-lend': 9 },
};

describe('seedContent: the content demo (real Postgres, files on disk)', () => {
  let ctx: ContentTestContext;
  let first: ContentSeedResult;
  beforeAll(async () => {
    ctx = await contentTestContext('seed_content');
    first = await seedContent(ctx.ds, ctx.config.FILES_DIR, options);
  }, 180_000);
  afterAll(() => ctx.close());

  const rows = async () => ({
    sites: (await ctx.ds.getRepository(SiteEntity).find()) as unknown as Site[],
    nodes: (await ctx.ds.getRepository(NodeEntity).find()) as unknown as ContentNode[],
    navigations: (await ctx.ds.getRepository(NavigationEntity).find()) as unknown as Navigation[],
  });

  it('writes both websites: navigations, forms with sendMail, legal pages, the real-estate site', async () => {
    const { sites, nodes, navigations } = await rows();
    expect(navigations.map((n) => `${n.website}:${n.identifier}`).sort()).toEqual([
      'presenter:main-navigation',
      'presenter:navigation',
      'storefront:main-navigation',
      'storefront:navigation',
    ]);
    // the footer navigations have a sub-navigation; the storefront's names the branches it was given
    for (const nav of navigations.filter((n) => n.identifier === 'navigation'))
      expect(nav.items.some((i) => i.children.length > 0)).toBe(true);
    const storefrontFooter = navigations.find((n) => n.website === 'storefront' && n.identifier === 'navigation');
    const branchItems = storefrontFooter?.items.flatMap((i) => i.children).filter((i) => i.type === 'branch');
    expect(branchItems?.map((i) => [i.label, i.target])).toEqual([
      ['Wien Neubau', 7],
      ['Graz Lend', 9],
    ]);

    const count = (type: string) => nodes.filter((n) => n.type === type).length;
    expect([count('form'), count('project'), count('object'), count('reference')]).toEqual([2, 3, 12, 7]);
    const forms = nodes.filter((n) => n.type === 'form');
    for (const form of forms)
      expect(form.content.actions).toEqual([
        expect.objectContaining({ kind: 'sendMail', subject: expect.stringContaining('{name}') }),
      ]);
    const projects = nodes.filter((n) => n.type === 'project');
    expect(projects.map((p) => p.content.status).sort()).toEqual(['available', 'booked', 'planned']);
    const statuses = new Set(
      nodes.filter((n) => n.type === 'object').map((o) => (o.content.object_data as { status: string }).status),
    );
    expect([...statuses].sort()).toEqual(['available', 'reserved', 'sold']);

    // the legal pages are simple pages of both websites, the markdown as sanitised HTML (headings one level down)
    const legalPaths = LEGAL_PAGES.map((p) => p.path).sort();
    const storefront = sites.filter((s) => s.website === 'storefront');
    expect(storefront.map((s) => s.path).sort()).toEqual(legalPaths);
    expect(storefront.find((s) => s.path === '/site/privacy')?.content.body).toContain('<h2>Datenschutz</h2>');

    // every presenter page resolves the way the presenter app and the gateway resolve it
    const presenter = { sites: sites.filter((s) => s.website === 'presenter'), nodes };
    // the presenter's legal pages are the estate agency's, without an allergens page (issue 43)
    expect(
      presenter.sites
        .filter((s) => s.layout === 'simple')
        .map((s) => s.path)
        .sort(),
    ).toEqual(legalPaths.filter((p) => p !== '/site/allergens'));
    expect(presenter.sites.find((s) => s.path === '/site/imprint')?.content.body).toContain('Donau Wohnbau GmbH');
    expect(resolvePresenterPage('/', presenter)).toMatchObject({ kind: 'site', site: { type: 'home' } });
    expect(resolvePresenterPage('/projekte/wohnen-am-donaupark', presenter)?.kind).toBe('project');
    expect(resolvePresenterPage('/projekte/wohnen-am-donaupark/donaupark-top-1', presenter)?.kind).toBe('object');
    expect(resolvePresenterPage('/referenzen/villa-grinzing', presenter)?.kind).toBe('reference');
    for (const path of ['/kontakt', '/aktuelle-projekte', '/referenzen', '/ueber-uns', '/site/privacy'])
      expect(resolvePresenterPage(path, presenter)?.kind).toBe('site');
    const home = presenter.sites.find((s) => s.path === '/');
    expect((home?.content.body as Array<{ type: string }>)[0].type).toBe('hero_home');
    // issue 43: the estate site speaks as the agency (its home page's identity), not as the restaurant
    expect(home?.content.identity).toMatchObject({ name: 'Donau Wohnbau', business_name: 'Donau Wohnbau GmbH' });
    expect(JSON.stringify(presenter.sites)).not.toMatch(/Donaugenuss|Allergen/);
    const presenterNavs = navigations.filter((n) => n.website === 'presenter');
    expect(JSON.stringify(presenterNavs)).not.toMatch(/Donaugenuss|Online bestellen/);
    // each website's contact form names its website and goes to that website's address
    expect(
      forms.map((f) => [f.content.website, (f.content.actions as Array<{ recipient: string }>)[0].recipient]).sort(),
    ).toEqual([
      ['presenter', 'verkauf@donau-wohnbau.at'],
      ['storefront', 'office@donaugenuss.at'],
    ]);
  });

  it("the shop's contact page form reaches the shop, the estate site's the estate agency (issue 43)", async () => {
    const { nodes } = await rows();
    const submit = new SubmitForm(ctx.ds, { kick: () => Promise.resolve() }, ctx.config);
    const sent = async (website: 'storefront' | 'presenter') => {
      const form = websiteContactForm(nodes, website);
      if (!form) throw new Error(`no contact form of the ${website}`);
      const before = (await ctx.events()).length;
      await submit.execute(form.id, {
        name: 'Anna',
        email: 'anna@example.at',
        topic: (form.content.fields as Array<{ options?: Array<{ value: string }> }>)[3].options?.[0].value ?? '',
        message: 'Guten Tag',
        privacy: true,
      });
      const jobs = (await ctx.events()).slice(before).filter((e) => e.subject !== 'content.form-submission.created');
      return jobs.map((e) => (e.payload as { data: { to: string; subject: string } }).data);
    };
    expect(await sent('storefront')).toEqual([
      expect.objectContaining({ to: 'office@donaugenuss.at', subject: 'Neue Anfrage von Anna: Reservierung' }),
    ]);
    expect(await sent('presenter')).toEqual([
      expect.objectContaining({ to: 'verkauf@donau-wohnbau.at', subject: 'Immobilien-Anfrage von Anna: Kaufanfrage' }),
    ]);
  });

  it('stores the pictures in all six sizes and the exposés and floor plans as uploads', async () => {
    const images = await ctx.ds.getRepository(ImageEntity).find();
    expect(images).toHaveLength(first.counts['content images']);
    for (const image of images) {
      expect(image.width).toBeGreaterThan(IMAGE_WIDTHS.large);
      for (const size of Object.keys(IMAGE_WIDTHS))
        expect(existsSync(join(ctx.config.FILES_DIR, 'image', size, `${image.id}-1.jpg`))).toBe(true);
    }
    const uploads = await ctx.ds.getRepository(UploadEntity).find();
    expect(uploads.filter((u) => u.mimeType === 'application/pdf')).toHaveLength(3);
    const plans = uploads.filter((u) => u.mimeType === 'image/png');
    expect(plans).toHaveLength(12);
    const pdf = uploads.find((u) => u.mimeType === 'application/pdf');
    if (!pdf) throw new Error('no exposé');
    const path = join(ctx.config.FILES_DIR, 'upload', pdf.publicHash, `${pdf.id}-1.pdf`);
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    // a floor plan has the preview the floor plans block shows
    expect(
      existsSync(join(ctx.config.FILES_DIR, 'upload', plans[0].publicHash, 'preview', `${plans[0].id}-1.jpg`)),
    ).toBe(true);
    // the project's exposé and an object's floor plan are what their content refers to
    const project = await ctx.ds.getRepository(NodeEntity).findOneByOrFail({ identifier: 'demo-projekt-donaupark' });
    expect(project.content.file).toMatchObject({ extension: 'pdf', publicHash: expect.any(String) });
  });

  it("gives a demo seeded before issue 43 the agency's identity once, and keeps one staff saved", async () => {
    const repo = ctx.ds.getRepository(SiteEntity);
    const home = await repo.findOneByOrFail({ website: 'presenter', path: '/' });
    const { identity, ...older } = home.content;
    expect(identity).toBeDefined();
    await repo.save({ ...home, content: older });
    expect((await seedContent(ctx.ds, ctx.config.FILES_DIR, options)).created).toBe(1);
    expect((await repo.findOneByOrFail({ id: home.id })).content.identity).toEqual(identity);
    await repo.save({ ...home, content: { ...older, identity: { name: 'Eigener Name' } } });
    expect((await seedContent(ctx.ds, ctx.config.FILES_DIR, options)).created).toBe(0);
    expect((await repo.findOneByOrFail({ id: home.id })).content.identity).toEqual({ name: 'Eigener Name' });
    await repo.save({ ...home, content: { ...older, identity } });
  });

  it('is idempotent: a second run writes nothing, and only missing files come back', async () => {
    const before = await rows();
    const events = await ctx.ds.getRepository(OutboxEntity).count();
    await rm(join(ctx.config.FILES_DIR, 'upload'), { recursive: true, force: true });
    const second = await seedContent(ctx.ds, ctx.config.FILES_DIR, options);
    expect(first.created).toBeGreaterThan(0);
    expect(second.created).toBe(0);
    expect(second.counts).toEqual(first.counts);
    expect(await rows()).toEqual(before);
    expect(await ctx.ds.getRepository(OutboxEntity).count()).toBe(events);
    const pdf = await ctx.ds.getRepository(UploadEntity).findOneByOrFail({ mimeType: 'application/pdf' });
    expect(existsSync(join(ctx.config.FILES_DIR, 'upload', pdf.publicHash, `${pdf.id}-1.pdf`))).toBe(true);
  });
});
