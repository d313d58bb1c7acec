import {
  availableObjects,
  availableObjectsText,
  filterProjects,
  isProjectNew,
  objectPriceText,
  objectStatusLabel,
  objectTypeLabel,
  PROJECT_FILTER_TABS,
  projectStatusLabel,
  referencesToggleLabel,
  roomCountRange,
  roomCountText,
  sortByWeight,
  sortReferences,
  statusColor,
  visibleReferences,
  type ObjectNodeLike,
  type ProjectNodeLike,
} from './real-estate.js';
import { config } from '../../test/fixtures.js';
import {
  carouselSlidesPerView,
  imageUrl,
  isBranchVisible,
  isSwipe,
  LEGAL_PAGES,
  legalLink,
  loopIndex,
  mapCenter,
  mapMarkers,
  pageTitle,
  shopDescription,
  shopTitle,
  swipeThreshold,
  uploadUrl,
} from './layout.js';

const project = (id: number, status: string | null, extra: Partial<ProjectNodeLike> = {}): ProjectNodeLike => ({
  id,
  isPublic: true,
  content: { name: `P${id}`, status },
  ...extra,
});
const object = (
  id: number,
  data: NonNullable<ObjectNodeLike['content']['object_data']>,
  projects: ObjectNodeLike['content']['projects'] = [1],
  isPublic = true,
): ObjectNodeLike => ({
  id,
  isPublic,
  content: { name: `O${id}`, projects, object_data: data },
});

describe('§4 "Real-estate statuses."', () => {
  it("\"Project status: available (default, 'Verfügbar'), booked ('Ausgebucht'), planned ('In Planung').\"", () => {
    expect([
      projectStatusLabel('available'),
      projectStatusLabel('booked'),
      projectStatusLabel('planned'),
      projectStatusLabel(null),
    ]).toEqual(['Verfügbar', 'Ausgebucht', 'In Planung', 'Verfügbar']);
  });
  it("\"Object status: available ('Frei', default), reserved ('Reserviert'), sold ('Nicht mehr verfügbar').\"", () => {
    expect([
      objectStatusLabel('available'),
      objectStatusLabel('reserved'),
      objectStatusLabel('sold'),
      objectStatusLabel(undefined),
    ]).toEqual(['Frei', 'Reserviert', 'Nicht mehr verfügbar', 'Frei']);
  });
  it("\"Object type: rent ('Miete', default), buy ('Kauf').\"", () => {
    expect([objectTypeLabel('rent'), objectTypeLabel('buy'), objectTypeLabel(null)]).toEqual([
      'Miete',
      'Kauf',
      'Miete',
    ]);
  });
  it('"Status dot colours: available green, reserved yellow, sold red, anything else gray."', () => {
    expect(['available', 'reserved', 'sold', 'planned', null].map(statusColor)).toEqual([
      'green',
      'yellow',
      'red',
      'gray',
      'gray',
    ]);
  });
  it('"Projects overview with no filter shows all public projects except booked ones. With a status filter it shows projects with that status; a project without status counts as available."', () => {
    const projects = [
      project(1, 'available'),
      project(2, 'booked'),
      project(3, 'planned'),
      project(4, null),
      project(5, 'available', { isPublic: false }),
    ];
    expect(filterProjects(projects).map((p) => p.id)).toEqual([1, 3, 4]);
    expect(filterProjects(projects, 'available').map((p) => p.id)).toEqual([1, 4]);
    expect(filterProjects(projects, 'planned').map((p) => p.id)).toEqual([3]);
    expect(filterProjects(projects, 'booked').map((p) => p.id)).toEqual([2]);
    expect(PROJECT_FILTER_TABS.map((t) => t.label)).toEqual(['Alle Projekte', 'Verfügbar', 'In Planung']);
  });
  it('"Available objects of a project: public objects that are available or have no status and that reference the project."', () => {
    const objects = [
      object(1, { status: 'available' }),
      object(2, { status: null }),
      object(3, { status: 'sold' }),
      object(4, { status: 'available' }, [{ id: 2 }]),
      object(5, { status: 'available' }, [1], false),
      object(6, { status: 'reserved' }, [{ id: 1 }]),
      object(7, {}, null),
    ];
    expect(availableObjects(objects, 1).map((o) => o.id)).toEqual([1, 2]);
    expect(availableObjects(objects, 2).map((o) => o.id)).toEqual([4]);
  });
  it('"A project is \'new\' when created within the last 4 weeks."', () => {
    const now = new Date('2026-03-30T12:00:00Z');
    expect(isProjectNew('2026-03-03T12:00:01Z', now)).toBe(true);
    expect(isProjectNew('2026-03-02T12:00:00Z', now)).toBe(false);
    expect(isProjectNew(new Date('2026-03-29T00:00:00Z'), now)).toBe(true);
    expect(isProjectNew(null, now)).toBe(false);
    expect(isProjectNew('garbage', now)).toBe(false);
  });
});

describe("§5 Content: \"Object price: missing or zero displays 'Preis auf Anfrage'; missing type displays 'Miete'; missing status displays 'Frei'.\"", () => {
  it('prices', () => {
    expect(objectPriceText(null)).toBe('Preis auf Anfrage');
    expect(objectPriceText(undefined)).toBe('Preis auf Anfrage');
    expect(objectPriceText(0)).toBe('Preis auf Anfrage');
    expect(objectPriceText(349_000)).toBe('EUR 349.000,00');
  });
});

describe('§2.9 projects overview card', () => {
  it("\"count of available objects ('Objekt' or 'Objekte' then 'verfügbar')\"", () => {
    expect(availableObjectsText(1)).toBe('1 Objekt verfügbar');
    expect(availableObjectsText(4)).toBe('4 Objekte verfügbar');
    expect(availableObjectsText(0)).toBe('0 Objekte verfügbar');
  });
  it('"room count (\'{n}-Zimmer-Wohnung\' or \'Wohnungen\')" and §9 "one object shows its count, several show a range min-max"', () => {
    expect(roomCountText([object(1, { room_count: 3 })])).toBe('3-Zimmer-Wohnung');
    expect(
      roomCountText([object(1, { room_count: 4 }), object(2, { room_count: 2 }), object(3, { room_count: null })]),
    ).toBe('2-4-Zimmer-Wohnungen');
    expect(roomCountText([object(1, { room_count: 3 }), object(2, { room_count: 3 })])).toBe('3-Zimmer-Wohnungen');
    expect(roomCountText([object(1, {})])).toBeNull();
    expect(roomCountRange([object(1, { room_count: 2 }), object(2, { room_count: 5 })])).toEqual({
      min: 2,
      max: 5,
      count: 2,
    });
  });
});

describe('§9 Sorting: "projects and objects by weight, highest first (missing weight counts as 0); references by id, newest first."', () => {
  it('sorts by weight, stable', () => {
    const items = [
      { id: 1, weight: 0 },
      { id: 2, weight: 10 },
      { id: 3 },
      { id: 4, weight: -5 },
      { id: 5, content: { weight: 3 } },
    ];
    expect(sortByWeight(items).map((i) => i.id)).toEqual([2, 5, 1, 3, 4]);
    expect(
      sortByWeight(
        [
          { id: 1, w: 1 },
          { id: 2, w: 2 },
        ],
        (i) => i.w,
      ).map((i) => i.id),
    ).toEqual([2, 1]);
  });
  it("references newest first; 6 shown, \"toggle 'Alle anzeigen' or 'Weniger anzeigen' when more than 6 exist\"", () => {
    const refs = Array.from({ length: 8 }, (_, i) => ({ id: i + 1 }));
    expect(sortReferences(refs).map((r) => r.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(visibleReferences(refs, false).map((r) => r.id)).toEqual([8, 7, 6, 5, 4, 3]);
    expect(visibleReferences(refs, true)).toHaveLength(8);
    expect(referencesToggleLabel(8, false)).toBe('Alle anzeigen');
    expect(referencesToggleLabel(8, true)).toBe('Weniger anzeigen');
    expect(referencesToggleLabel(6, false)).toBeNull();
  });
});

describe('§9 layout constants as rules', () => {
  it('"Carousel shows 1, 2 or 3 slides by these widths" (tablet 720, desktop 1024)', () => {
    expect([719, 720, 1023, 1024].map(carouselSlidesPerView)).toEqual([1, 2, 2, 3]);
  });
  it('§4 "A swipe over 40 px … sliders use 50 px on widths over 768 px and 0 px otherwise."', () => {
    expect(swipeThreshold('hero', 300)).toBe(40);
    expect(swipeThreshold('carousel', 1200)).toBe(40);
    expect(swipeThreshold('slider', 769)).toBe(50);
    expect(swipeThreshold('slider', 768)).toBe(0);
    expect(isSwipe(41, 40)).toBe(true);
    expect(isSwipe(-40, 40)).toBe(false);
  });
  it('§4 "Sliders loop: next after the last goes to the first; previous before the first goes to the last."', () => {
    expect(loopIndex(5, 5)).toBe(0);
    expect(loopIndex(-1, 5)).toBe(4);
    expect(loopIndex(2, 0)).toBe(0);
  });
  it('§9 "markers need both longitude and latitude; the centre is the last branch with coordinates"', () => {
    const branches = [
      { latitude: 48.2, longitude: 16.37 },
      { latitude: 47.07, longitude: 15.44 },
      { latitude: null, longitude: 14.29 },
    ];
    expect(mapMarkers(branches)).toHaveLength(2);
    expect(mapCenter(branches)).toEqual({ latitude: 47.07, longitude: 15.44 });
    expect(mapCenter([])).toBeNull();
  });
  it('§7 file addresses', () => {
    expect(imageUrl({ id: 5, version: 2, extension: 'jpg' })).toBe('/image/5-2.jpg');
    expect(imageUrl({ id: 5, version: 2, extension: 'jpg' }, 'thumbnail')).toBe('/image/thumbnail/5-2.jpg');
    expect(imageUrl({ id: 5, version: 2, extension: 'png' }, 'product')).toBe('/image/product/5-2.png');
    expect(uploadUrl({ id: 7, version: 1, extension: 'pdf', publicHash: 'h' })).toBe('/upload/h/7-1.pdf');
    expect(uploadUrl({ id: 7, version: 1, extension: 'pdf', publicHash: 'h' }, true)).toBe('/upload/h/preview/7-1.jpg');
  });
});

describe('§2.2 shared layout rules, §6 visibility', () => {
  it('§6 a branch is visible only when public and enabled', () => {
    expect(isBranchVisible({ isPublic: true, isEnabled: true })).toBe(true);
    expect(isBranchVisible({ isPublic: false, isEnabled: true })).toBe(false);
    expect(isBranchVisible({ isPublic: true, isEnabled: false })).toBe(false);
  });

  it('"Fallback title is seoTitle, then title, then shopName. Description falls back from seoDescription to description."', () => {
    const c = config({
      shopName: 'Shop',
      title: 'Titel',
      seoTitle: 'SEO',
      description: 'Beschreibung',
      seoDescription: 'SEO-Text',
    });
    expect(shopTitle(c)).toBe('SEO');
    expect(shopTitle({ ...c, seoTitle: '' })).toBe('Titel');
    expect(shopTitle({ ...c, seoTitle: null, title: null })).toBe('Shop');
    expect(shopDescription(c)).toBe('SEO-Text');
    expect(shopDescription({ ...c, seoDescription: null })).toBe('Beschreibung');
    expect(shopDescription({ ...c, seoDescription: null, description: null })).toBe('');
    expect(pageTitle(c, 'Bestellvorgang')).toBe('Bestellvorgang - SEO');
    expect(pageTitle(c, null)).toBe('SEO');
  });

  it('"a text opens the internal site page, otherwise an external link" (normalised, §5); nothing configured: no link', () => {
    const c = {
      ...config({ privacyPolicyText: '# Datenschutz', privacyPolicy: 'https://example.at/ds' }),
      imprint: 'example.at/impressum',
    };
    expect(legalLink(c, 'privacyPolicy')).toEqual({ internal: '/site/privacy' });
    expect(legalLink(c, 'imprint')).toEqual({ external: 'http://example.at/impressum' });
    expect(legalLink(c, 'allergens')).toBeNull();
    expect(LEGAL_PAGES.map((p) => p.path)).toEqual([
      '/site/terms-and-conditions',
      '/site/privacy',
      '/site/imprint',
      '/site/allergens',
    ]);
  });
});
