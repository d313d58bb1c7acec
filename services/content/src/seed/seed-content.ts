import type { FileRef, NavigationInput, Website } from '@shop/contracts';
import { formatPrice, LEGAL_PAGES, objectStatusLabel, slugify, type LegalKey } from '@shop/domain';
import { CrudService, type AnyCrudDefinition, type OutboxKicker } from '@shop/server';
import { Marked } from 'marked';
import type { DataSource, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import { navigationCrud } from '../navigations/navigation.crud.js';
import { NavigationEntity } from '../navigations/navigation.entity.js';
import { nodeCrud } from '../nodes/node.crud.js';
import { NodeEntity } from '../nodes/node.entity.js';
import { siteCrud } from '../sites/site.crud.js';
import { SiteEntity } from '../sites/site.entity.js';
import { renderExpose, renderFloorPlan, renderScene } from './demo-art.js';
import {
  DEMO_COMPANY,
  DEMO_ESTATE_IDENTITY,
  DEMO_FORMS,
  DEMO_PHOTOS,
  DEMO_PROJECTS,
  DEMO_REFERENCES,
  type DemoObject,
  type DemoPhotoKey,
  type DemoProject,
  type DemoReference,
} from './demo-content.data.js';
import { seedImages, type SeedImageFile } from './seed-images.js';
import { seedUploads } from './seed-uploads.js';

export interface ContentSeedOptions {
  /** the configuration's legal texts (markdown): the legal pages carry them as rich text */
  legalTexts: Partial<Record<`${LegalKey}Text`, string | null>>;
  /** the demo shop's branches and the catalogue seed's ids of them, for navigation items of type branch */
  branches?: ReadonlyArray<{ identifier: string; name: string }>;
  branchIds?: Record<string, number>;
}

export interface ContentSeedResult {
  /** how many of each the demo has */
  counts: Record<string, number>;
  /** how many rows this run wrote (0 on a second run: seeding is idempotent) */
  created: number;
}

type Ref = { id: number; type: 'node' | 'site' };
const nodeRef = (id: number): Ref => ({ id, type: 'node' });
const link = (label: string, to: string) => ({ label, to });
const legalTitles: Record<LegalKey, string> = {
  termsAndConditions: 'Allgemeine Geschäftsbedingungen',
  privacyPolicy: 'Datenschutzerklärung',
  imprint: 'Impressum',
  allergens: 'Allergeninformationen',
};
/** Markdown to the editor's HTML: the page has its own h1, so headings move one level down (rich text has h2–h4). */
const legalHtml = new Marked({
  walkTokens: (token) => {
    if (token.type === 'heading') token.depth = Math.min(token.depth + 1, 4);
  },
});
const area = (m2: number) => `${m2.toFixed(1).replace('.', ',')} m²`;
const projectPath = (p: DemoProject) => `/projekte/${slugify(p.name)}`;
const referencePhotoName = (r: DemoReference) => `demo-immo-referenz-${slugify(r.name)}.jpg`;
const objectPrice = (o: DemoObject) => `${formatPrice(o.price)}${o.type === 'rent' ? ' / Monat' : ''}`;

/** The legal pages of a website: the presenter (an estate agency) has no allergens page. */
const legalPagesOf = (website: Website) => LEGAL_PAGES.filter((p) => website === 'storefront' || p.key !== 'allergens');
const estateTexts: Partial<Record<LegalKey, string>> = {
  termsAndConditions: DEMO_ESTATE_IDENTITY.terms_and_conditions_text,
  privacyPolicy: DEMO_ESTATE_IDENTITY.privacy_policy_text,
  imprint: DEMO_ESTATE_IDENTITY.imprint_text,
};
const legalText = (website: Website, key: LegalKey, options: ContentSeedOptions): string =>
  (website === 'presenter' ? estateTexts[key] : options.legalTexts[`${key}Text`]) ?? '';

/**
 * A demo seeded before issue 43 lacks what that issue added to rows the seed only writes when missing (the presenter
 * home page's identity, each form's website): the key is added to the row's content once; what staff saved under it,
 * even an empty value, stays. Through the API's write path, as every seeded row.
 */
async function addToContent<E extends SiteEntity | NodeEntity>(
  service: Pick<CrudService<E, unknown>, 'saveForService'>,
  ds: DataSource,
  target: new () => E,
  id: number,
  key: string,
  value: unknown,
): Promise<boolean> {
  const row = await ds.getRepository(target).findOneByOrFail({ id } as FindOptionsWhere<E>);
  if (row.content[key] !== undefined) return false;
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = row as E & { createdAt?: unknown; updatedAt?: unknown };
  await service.saveForService({ id, body: { ...fields, content: { ...row.content, [key]: value } } });
  return true;
}

/**
 * The content demo (issue 16 "Seeded demo", listed in services/content/README.md): for each website a
 * `main-navigation`, a footer `navigation` with sub-navigation, a contact form node with a sendMail action and the
 * legal pages; the real-estate developer's site with its home page, 3 projects, 12 objects,
 * 7 references, floor plans, exposés and pictures in all six sizes. Written through the content service's own
 * CRUD (`saveForService`: the API's validation, reference checks and events). Idempotent: every row is matched by
 * its natural key (a site by website and path, a node or navigation by identifier, an image or upload by name) and
 * only a missing one is written, so a second run changes nothing and what staff changed in the demo stays.
 * Only `scripts/seed.mjs` (npm start, the compose `dev` profile) and the tests call it; production never does.
 */
export async function seedContent(
  ds: DataSource,
  filesDir: string,
  options: ContentSeedOptions,
  relay: OutboxKicker = { kick: () => Promise.resolve() },
): Promise<ContentSeedResult> {
  let created = 0;
  const crud = (def: AnyCrudDefinition) => new CrudService(def, ds, relay);
  const sites = crud(siteCrud);
  const nodes = crud(nodeCrud);
  const navigations = crud(navigationCrud);

  /** the id of the row with that key; the row is created (through the API's write path) only when missing */
  async function ensure<E extends ObjectLiteral & { id: number }>(
    service: CrudService<E, unknown>,
    target: new () => E,
    where: FindOptionsWhere<E>,
    body: () => object,
  ): Promise<number> {
    const existing = await ds.getRepository(target).findOne({ where });
    if (existing) return existing.id;
    created++;
    return ((await service.saveForService({ body: body() })) as { id: number }).id;
  }
  const ensureNode = (identifier: string, body: () => object) =>
    ensure(nodes, NodeEntity, { identifier }, () => ({ identifier, ...body() }));
  const ensureSite = (website: Website, path: string, body: () => object) =>
    ensure(sites, SiteEntity, { website, path }, () => ({ website, path, ...body() }));
  const ensureNavigation = (website: Website, identifier: string, items: NavigationInput['items']) =>
    ensure(navigations, NavigationEntity, { website, identifier }, () => ({ website, identifier, items }));

  // pictures: the named scenes and one per reference, drawn only when their image is missing
  const photoFiles: SeedImageFile[] = [
    ...Object.values(DEMO_PHOTOS).map((p) => ({ name: p.name, alt: p.alt, render: () => renderScene(p) })),
    ...DEMO_REFERENCES.map((r) => ({
      name: referencePhotoName(r),
      alt: `${r.name} (${r.year})`,
      render: () => renderScene(r.photo),
    })),
  ];
  const imageRefs = await seedImages(ds, filesDir, photoFiles, relay);
  const image = (key: DemoPhotoKey): FileRef => ({ ...imageRefs[DEMO_PHOTOS[key].name], alt: DEMO_PHOTOS[key].alt });
  const referenceImage = (r: DemoReference): FileRef => ({ ...imageRefs[referencePhotoName(r)], alt: r.name });

  // files: an exposé per project, a floor plan per object
  const exposeName = (p: DemoProject) => `demo-expose-${slugify(p.name)}.pdf`;
  const planName = (o: DemoObject) => `demo-grundriss-${slugify(o.name)}.png`;
  const files = await seedUploads(
    ds,
    filesDir,
    [
      ...DEMO_PROJECTS.map((p) => ({
        name: exposeName(p),
        mimeType: 'application/pdf',
        render: async () =>
          renderExpose({
            title: p.name,
            address: p.address,
            text: p.text,
            photo: await renderScene(DEMO_PHOTOS[p.photo]),
            objects: p.objects.map((o) => ({
              top: o.top,
              floor: o.floor,
              rooms: o.rooms,
              area: o.area,
              price: objectPrice(o),
              status: objectStatusLabel(o.status),
            })),
            contact: `${DEMO_COMPANY.name} · ${DEMO_COMPANY.address} · ${DEMO_COMPANY.phone} · ${DEMO_COMPANY.email}`,
          }),
      })),
      ...DEMO_PROJECTS.flatMap((p) =>
        p.objects.map((o) => ({
          name: planName(o),
          mimeType: 'image/png',
          render: () =>
            renderFloorPlan(
              o.name,
              o.plan.map(([name, m2]) => ({ name, area: m2 })),
            ),
        })),
      ),
    ],
    relay,
  );
  const plan = (o: DemoObject) => ({
    text: `<p><strong>${o.name}</strong> · ${area(o.area)}</p>`,
    file: files[planName(o)],
  });

  // the contact form of each website
  const formIds = {} as Record<Website, number>;
  for (const website of ['storefront', 'presenter'] as const) {
    const form = DEMO_FORMS[website];
    formIds[website] = await ensureNode(form.identifier, () => ({
      type: 'form',
      isPublic: true,
      content: {
        name: form.name,
        website,
        description: '<p>Schreiben Sie uns – wir melden uns innerhalb eines Werktags.</p>',
        fields: [
          { kind: 'text', fieldId: 'name', isRequired: true, type: 'text', label: 'Name' },
          { kind: 'text', fieldId: 'email', isRequired: true, type: 'email', label: 'E-Mail' },
          { kind: 'text', fieldId: 'phone', isRequired: false, type: 'phone', label: 'Telefon' },
          {
            kind: 'select',
            fieldId: 'topic',
            isRequired: true,
            label: 'Anliegen',
            options: form.topics.map((value) => ({ value })),
          },
          { kind: 'text', fieldId: 'message', isRequired: true, type: 'textarea', label: 'Nachricht' },
          {
            kind: 'boolean',
            fieldId: 'privacy',
            isRequired: true,
            label: 'Ich habe die <a href="/site/privacy">Datenschutzerklärung</a> gelesen und stimme ihr zu.',
          },
        ],
        actions: [
          {
            kind: 'sendMail',
            recipient: form.recipient,
            subject: form.subject,
            message: 'Name: {name}\nE-Mail: {email}\nTelefon: {phone}\nAnliegen: {topic}\n\n{message}',
          },
        ],
        thankYouMessage: '<p>Vielen Dank für Ihre Nachricht! Wir melden uns in Kürze bei Ihnen.</p>',
      },
    }));
  }
  for (const website of ['storefront', 'presenter'] as const)
    if (await addToContent(nodes, ds, NodeEntity, formIds[website], 'website', website)) created++;
  const presenterForm = { type: 'form', form: nodeRef(formIds.presenter) };

  // projects, then their objects (an object names its project)
  const projectIds: Record<string, number> = {};
  for (const [i, p] of DEMO_PROJECTS.entries())
    projectIds[p.identifier] = await ensureNode(p.identifier, () => ({
      type: 'project',
      isPublic: true,
      content: {
        name: p.name,
        site_data: {
          hero_name: p.heroName,
          image: image(p.photo),
          teaser_image: image(p.photo),
          short_description: p.shortDescription,
        },
        images: p.gallery.map(image),
        weight: i + 1,
        address: p.address,
        file: files[exposeName(p)],
        status: p.status,
        body: [
          { type: 'text_field', text: `<h2>Das Projekt</h2><p>${p.text}</p>` },
          { type: 'objects_overview', text: '<h2>Die Wohnungen</h2>' },
          { type: 'floor_plans', plans: p.objects.map(plan) },
          { type: 'carousel', text: '<h2>Impressionen</h2>', orientation: 'landscape', images: p.gallery.map(image) },
          {
            type: 'map_columns',
            map: { latitude: p.latitude, longitude: p.longitude },
            text: `<h3>Lage</h3><p>${p.address}</p>`,
            links: [link('Anfrage senden', '/kontakt')],
          },
          presenterForm,
        ],
      },
    }));
  for (const p of DEMO_PROJECTS)
    for (const [i, o] of p.objects.entries())
      await ensureNode(o.identifier, () => ({
        type: 'object',
        isPublic: true,
        content: {
          name: o.name,
          site_data: {
            hero_name: `${o.name}\n${o.rooms}-Zimmer-Wohnung, ${area(o.area)}`,
            image: image(o.photo),
            teaser_image: image(o.photo),
            short_description: `${o.rooms} Zimmer, ${area(o.area)}, ${o.floor} – ${p.name}`,
          },
          projects: [{ project: nodeRef(projectIds[p.identifier]) }],
          weight: i + 1,
          object_data: {
            floor: o.floor,
            top: o.top,
            room_count: o.rooms,
            area: o.area,
            type: o.type,
            price: o.price,
            status: o.status,
          },
          file: files[exposeName(p)],
          body: [
            {
              type: 'object_details',
              text: `<p>${o.rooms}-Zimmer-Wohnung im ${o.floor} von „${p.name}“.</p>`,
              data: [
                { label: 'Geschoss', value: o.floor },
                { label: 'Top', value: o.top },
                { label: 'Zimmer', value: String(o.rooms) },
                { label: 'Wohnfläche', value: area(o.area) },
                { label: 'Heizung', value: 'Fernwärme, Fußbodenheizung' },
                { label: 'Verfügbar ab', value: p.status === 'planned' ? 'Herbst 2028' : 'sofort' },
              ],
              images: [image(o.photo), image(p.photo)],
              price_description:
                o.type === 'rent' ? 'Monatsmiete inkl. Betriebskosten' : 'Gesamtpreis inkl. Tiefgarage',
            },
            { type: 'floor_plans', plans: [plan(o)] },
            {
              type: 'cta_text',
              color: 'black',
              text: '<p>Interesse an dieser Wohnung? Wir beraten Sie gern persönlich.</p>',
              links: [link('Anfrage senden', '/kontakt'), link('Zum Projekt', projectPath(p))],
            },
          ],
        },
      }));

  // references (created one after another: the overview shows the newest first)
  const referenceIds: number[] = [];
  for (const r of DEMO_REFERENCES)
    referenceIds.push(
      await ensureNode(r.identifier, () => ({
        type: 'reference',
        isPublic: true,
        content: {
          name: r.name,
          site_data: { image: referenceImage(r), short_description: `${r.shortDescription} (${r.year})` },
          body: [
            {
              type: 'text_field',
              text: `<h2>${r.name}</h2><p>${r.shortDescription}, fertiggestellt ${r.year}.</p>`,
            },
            { type: 'object_references', text: '<p>Eindrücke vom fertigen Projekt</p>', images: [referenceImage(r)] },
          ],
        },
      })),
    );

  // the presenter's pages
  const subpage = (name: string, heroName: string, photo: DemoPhotoKey, body: object[]) => () => ({
    name,
    type: 'default',
    layout: 'subpage',
    isPublic: true,
    content: {
      site_data: { hero_name: heroName, image: image(photo), teaser_image: image(photo), short_description: '' },
      body,
    },
  });
  const homeId = await ensureSite('presenter', '/', () => ({
    name: 'Startseite',
    type: 'home',
    layout: 'home',
    isPublic: true,
    content: {
      identity: DEMO_ESTATE_IDENTITY,
      site_data: { teaser_image: image('hero1') },
      body: [
        {
          type: 'hero_home',
          slides: [
            {
              image: image('hero1'),
              text: '<h2>Wohnen am Donaupark</h2><p>Sieben neue Wohnungen im Grünen – jetzt besichtigen.</p>',
              links: [link('Zum Projekt', projectPath(DEMO_PROJECTS[0]))],
            },
            {
              image: image('hero2'),
              text: '<h2>Gartenquartier Süd</h2><p>In Planung: Gartenwohnungen in Mödling. Lassen Sie sich vormerken.</p>',
              links: [link('Mehr erfahren', projectPath(DEMO_PROJECTS[1]))],
            },
            {
              image: image('hero3'),
              text: '<h2>Seit 30 Jahren in Wien</h2><p>Über 400 Wohnungen haben wir geplant, gebaut und übergeben.</p>',
              links: [link('Referenzen ansehen', '/referenzen')],
            },
          ],
        },
        { type: 'projects_overview', text: '<h2>Aktuelle Projekte</h2>' },
        {
          type: 'object_carousel',
          text: '<h2>Verfügbare Wohnungen</h2>',
          objects: [],
          selectAvailableObjects: true,
        },
        {
          type: 'project_slider',
          text: '<h2>Unsere Projekte im Überblick</h2>',
          projects: DEMO_PROJECTS.map((p) => ({
            label: p.name,
            text: `<p>${p.shortDescription}</p>`,
            images: p.gallery.map(image),
            link: nodeRef(projectIds[p.identifier]),
          })),
        },
        { type: 'references_overview', text: '<h2>Referenzen</h2>' },
        {
          type: 'cta_text',
          color: 'gray',
          text: '<p>Sie suchen eine Wohnung oder möchten verkaufen? Sprechen Sie mit uns.</p>',
          links: [link('Kontakt aufnehmen', '/kontakt'), { label: 'Anrufen', phone: DEMO_COMPANY.phone }],
        },
        { type: 'contact_info' },
      ],
    },
  }));
  const projectsPage = await ensureSite(
    'presenter',
    '/aktuelle-projekte',
    subpage('Aktuelle Projekte', 'Aktuelle Projekte', 'donaupark', [
      { type: 'projects_overview', text: '<p>Unsere Projekte in Wien und Umgebung.</p>' },
    ]),
  );
  const referencesPage = await ensureSite(
    'presenter',
    '/referenzen',
    subpage('Referenzen', 'Referenzen', 'hietzing', [
      { type: 'references_overview', text: '<p>Eine Auswahl fertiggestellter Projekte.</p>' },
    ]),
  );
  const aboutPage = await ensureSite(
    'presenter',
    '/ueber-uns',
    subpage('Über uns', 'Über Donau Wohnbau', 'hero2', [
      {
        type: 'text_field',
        text: '<h2>Bauen mit Verantwortung</h2><p>Donau Wohnbau plant und errichtet seit 1996 Wohnungen in Wien und Niederösterreich – energieeffizient, langlebig und mit Freiraum für jede Wohnung.</p>',
        orientation: 'center',
        width: 'narrow',
      },
      {
        type: 'image_section',
        image_1: image('interior1'),
        image_2: image('interior3'),
        text: '<p>Helle Räume, hochwertige Materialien, durchdachte Grundrisse.</p>',
      },
      {
        type: 'site_references',
        text: '<h3>Ausgewählte Projekte</h3>',
        references: [
          { reference: nodeRef(projectIds[DEMO_PROJECTS[0].identifier]) },
          { reference: nodeRef(referenceIds[0]) },
          { reference: nodeRef(referenceIds[1]) },
        ],
      },
    ]),
  );
  const contactPage = await ensureSite(
    'presenter',
    '/kontakt',
    subpage('Kontakt', 'Kontakt', 'hero3', [
      { type: 'contact_info' },
      presenterForm,
      { type: 'map', text: `<p>${DEMO_COMPANY.name}<br>${DEMO_COMPANY.address}</p>` },
    ]),
  );

  // the legal pages of both websites (§2.2 footer links to /site/…; the configuration's texts as internal site
  // pages): the presenter's footer links to them as well, and its forms' privacy checkbox names /site/privacy
  // (the presenter's are the estate agency's texts of its identity, and it has no allergens page: issue 43)
  const legalIds = { storefront: {}, presenter: {} } as Record<Website, Record<LegalKey, number>>;
  for (const website of ['storefront', 'presenter'] as const)
    for (const { key, path } of legalPagesOf(website))
      legalIds[website][key] = await ensureSite(website, path, () => ({
        name: legalTitles[key],
        type: 'default',
        layout: 'simple',
        isPublic: true,
        content: { body: legalHtml.parse(legalText(website, key, options), { async: false }) },
      }));
  if (await addToContent(sites, ds, SiteEntity, homeId, 'identity', DEMO_ESTATE_IDENTITY)) created++;

  // navigations
  const item = (
    type: 'home' | 'site' | 'branch' | 'link',
    label: string,
    target: number | string | null = null,
    extra: { suffix?: string; children?: NavigationInput['items'] } = {},
  ) => ({ type, label, target, suffix: extra.suffix ?? '', isEnabled: true, children: extra.children ?? [] });
  const projectItems = DEMO_PROJECTS.map((p) => item('home', p.name, null, { suffix: projectPath(p).slice(1) }));
  await ensureNavigation('presenter', 'main-navigation', [
    item('home', 'Startseite'),
    item('site', 'Aktuelle Projekte', projectsPage, { children: projectItems }),
    item('site', 'Referenzen', referencesPage),
    item('site', 'Über uns', aboutPage),
    item('site', 'Kontakt', contactPage),
  ]);
  await ensureNavigation('presenter', 'navigation', [
    item('site', 'Projekte', projectsPage, { children: projectItems }),
    item('site', 'Unternehmen', aboutPage, {
      children: [item('site', 'Referenzen', referencesPage), item('site', 'Kontakt', contactPage)],
    }),
  ]);
  const branches = (options.branches ?? [])
    .filter((b) => options.branchIds?.[b.identifier])
    .map((b) => item('branch', b.name, options.branchIds?.[b.identifier] ?? null));
  await ensureNavigation('storefront', 'main-navigation', [
    item('home', 'Standorte', null, { children: branches }),
    item('site', 'Allergene', legalIds.storefront.allergens),
  ]);
  await ensureNavigation('storefront', 'navigation', [
    item('site', 'Rechtliches', legalIds.storefront.imprint, {
      children: LEGAL_PAGES.map(({ key }) => item('site', legalTitles[key], legalIds.storefront[key])),
    }),
    item('home', 'Standorte', null, { children: branches }),
  ]);

  return {
    created,
    counts: {
      'content sites': 5 + legalPagesOf('storefront').length + legalPagesOf('presenter').length,
      'content navigations': 4,
      'content forms': 2,
      projects: DEMO_PROJECTS.length,
      objects: DEMO_PROJECTS.reduce((n, p) => n + p.objects.length, 0),
      references: DEMO_REFERENCES.length,
      'content images': photoFiles.length,
      'content files': Object.keys(files).length,
    },
  };
}
