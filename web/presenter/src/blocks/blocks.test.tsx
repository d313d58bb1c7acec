import { BLOCK_TYPES } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import {
  acceptCookies,
  booked,
  config,
  data,
  file,
  form,
  image,
  node,
  objectTop1,
  objectTop2,
  planned,
  project,
  renderLoaded,
  site,
} from '../test/fixtures';
import type { BlockValue } from '@shop/web-shared';
import { BLOCK_RENDERERS, Body } from '@shop/web-shared';

const draw = (block: BlockValue, d = data(), pageNode = project) =>
  renderLoaded('/kontakt', d, <Body blocks={[block]} />, pageNode);
const link = (name: string | RegExp) => screen.getByRole('link', { name });

describe('§2.9 block renderers', () => {
  it('has one renderer per block type of libs/contracts and skips unknown types', async () => {
    expect(Object.keys(BLOCK_RENDERERS).sort()).toEqual(Object.keys(BLOCK_TYPES).sort());
    await draw({ type: 'no_such_block', text: 'unsichtbar' });
    expect(screen.queryByText('unsichtbar')).toBeNull();
  });

  it("hero_home: slides with image, text and links, thumbnails headed 'Aktuelles', auto-advance after 1 s then every 7 s", async () => {
    const timeouts = vi.spyOn(window, 'setTimeout');
    await draw({
      type: 'hero_home',
      slides: [
        { image: image(1), text: 'Erste Folie', links: [{ label: 'Mehr', to: '/mehr' }] },
        { image: image(2), text: 'Zweite Folie' },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Aktuelles' })).toBeTruthy();
    expect(screen.getByText('Erste Folie')).toBeTruthy();
    expect(link('Mehr').getAttribute('href')).toBe('/mehr');
    const img = screen.getAllByRole('img', { name: 'Bild 1' })[0];
    expect(img.getAttribute('srcset')).toContain('/image/large/1-1.jpg 1920w');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '1000']);
    expect(screen.getAllByRole('group', { name: /Bild \d von 2/ })).toHaveLength(2);
    // §9 "Hero slide interval 7 s, first auto-start after 1 s" (waitFor's own time limit is not 1 s here, so only the
    // slider's first step can be the 1 s timer)
    await waitFor(() => expect(timeouts.mock.calls.some(([, ms]) => ms === 1000)).toBe(true), { timeout: 5000 });
  });

  it('text_slider: text, links and an image slider opening the lightbox', async () => {
    await draw({
      type: 'text_slider',
      text: 'Slidertext',
      links: [{ label: 'Web', href: 'example.at', target: '_blank' }],
      images: [image(3), image(4)],
    });
    expect(screen.getByText('Slidertext')).toBeTruthy();
    expect(link('Web').getAttribute('href')).toBe('http://example.at');
    await userEvent.click(screen.getAllByRole('button', { name: 'Bild vergrößern' })[1]);
    expect(
      within(await screen.findByRole('dialog'))
        .getByRole('img')
        .getAttribute('src'),
    ).toBe('/image/large/4-1.jpg');
  });

  it("text_slider and text_slider_2: the images play at the block's duration in seconds (§3, issue 43)", async () => {
    const timeouts = vi.spyOn(window, 'setTimeout');
    const first = await draw({ type: 'text_slider', text: 'Acht', images: [image(3), image(4)], duration: 8 });
    await waitFor(() => expect(timeouts.mock.calls.some(([, ms]) => ms === 8000)).toBe(true), { timeout: 5000 });
    first.unmount();
    timeouts.mockClear();
    const second = await draw({ type: 'text_slider_2', text: 'Drei', images: [image(3), image(4)], duration: 3 });
    await waitFor(() => expect(timeouts.mock.calls.some(([, ms]) => ms === 3000)).toBe(true), { timeout: 5000 });
    second.unmount();
  });

  it('text_slider_2: the same on a blue background', async () => {
    const { container } = await draw({ type: 'text_slider_2', text: 'Blau' });
    expect(container.querySelector('.block--blue')?.textContent).toContain('Blau');
  });

  it("project_slider: a tab per project with its text and a 'Zum Projekt' button", async () => {
    await draw({
      type: 'project_slider',
      projects: [
        { label: 'Erstes', text: 'Text eins', link: { id: 1, type: 'node' } },
        { label: 'Zweites', text: 'Text zwei', link: { id: 4, type: 'node' } },
      ],
    });
    expect(link('Zum Projekt').getAttribute('href')).toBe('/projekte/haus-am-fluss');
    await userEvent.click(screen.getByRole('tab', { name: 'Zweites' }));
    expect(screen.getByText('Text zwei')).toBeTruthy();
    expect(link('Zum Projekt').getAttribute('href')).toBe('/projekte/neubau-sued');
  });

  it("project_slider: a tab's project shows its status, a booked one 'Ausgebucht' (§4, issue 43)", async () => {
    await draw({
      type: 'project_slider',
      projects: [
        { label: 'Erstes', text: 'Text eins', link: { id: 1, type: 'node' } },
        { label: 'Altbau', text: 'Alles vergeben', link: { id: booked.id, type: 'node' } },
      ],
    });
    const panel = () => screen.getByRole('tabpanel');
    expect(panel().querySelector('.project-slider__status')?.textContent).toBe('Verfügbar');
    await userEvent.click(screen.getByRole('tab', { name: 'Altbau' }));
    expect(panel().querySelector('.project-slider__status')?.textContent).toBe('Ausgebucht');
    expect(within(panel()).getByText('Alles vergeben')).toBeTruthy();
  });

  it("projects_overview: filter tabs, cards with status, available count, rooms, 'Projekt ansehen'; the empty message", async () => {
    const fresh = node(1, 'project', { ...project.content });
    const withDate = { ...fresh, createdAt: new Date().toISOString() };
    await draw({ type: 'projects_overview' }, data({ nodes: [withDate, objectTop1, objectTop2, planned, booked] }));
    // no filter: every public project except booked ones
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Haus am Fluß',
      'Neubau Süd',
    ]);
    const card = screen.getByRole('heading', { name: 'Haus am Fluß' }).closest('article') as HTMLElement;
    expect(within(card).getByText('Neu')).toBeTruthy();
    expect(within(card).getByText('Verfügbar')).toBeTruthy();
    expect(within(card).getByText('1 Objekt verfügbar')).toBeTruthy();
    expect(within(card).getByText('2-3-Zimmer-Wohnungen')).toBeTruthy();
    expect(within(card).getByText('Uferweg 1, 1020 Wien')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Projekt ansehen' }).getAttribute('href')).toBe(
      '/projekte/haus-am-fluss',
    );
    expect(within(card).getByRole('link', { name: '+43 1 234' }).getAttribute('href')).toBe('tel:+431234');
    await userEvent.click(screen.getByRole('button', { name: 'In Planung' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Neubau Süd']);
    await userEvent.click(screen.getByRole('button', { name: 'Verfügbar' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Haus am Fluß']);
  });

  it("projects_overview: 'Leider sind aktuell keine Projekte verfügbar.' without projects", async () => {
    await draw({ type: 'projects_overview' }, data({ nodes: [booked] }));
    expect(screen.getByText('Leider sind aktuell keine Projekte verfügbar.')).toBeTruthy();
  });

  it("objects_overview: the current project's objects with Geschoss … Status and 'Zum Objekt'", async () => {
    await draw({ type: 'objects_overview' });
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Geschoss',
      'Top',
      'Zimmer',
      'Fläche',
      'Art',
      'Preis',
      'Status',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['EG', '1', '3', '74,50 m²', 'Kauf', 'EUR 350.000,00', 'Frei', 'Zum Objekt']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(4, 7),
    ).toEqual(['Miete', 'Preis auf Anfrage', 'Nicht mehr verfügbar']);
    expect(within(rows[0]).getByRole('link', { name: 'Zum Objekt' }).getAttribute('href')).toBe(
      '/projekte/haus-am-fluss/top-1',
    );
  });

  it("references_overview: newest first, 6 shown, 'Alle anzeigen' / 'Weniger anzeigen'", async () => {
    const references = Array.from({ length: 8 }, (_, i) => node(100 + i, 'reference', { name: `Referenz ${i}` }));
    await draw({ type: 'references_overview' }, data({ nodes: references }));
    const names = () =>
      screen
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href')?.startsWith('/referenzen/'))
        .map((a) => a.textContent);
    expect(names()).toEqual(['Referenz 7', 'Referenz 6', 'Referenz 5', 'Referenz 4', 'Referenz 3', 'Referenz 2']);
    await userEvent.click(screen.getByRole('button', { name: 'Alle anzeigen' }));
    expect(names()).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Weniger anzeigen' })).toBeTruthy();
  });

  it('text_field: orientation left and width default unless set', async () => {
    const { container } = await draw({ type: 'text_field', text: 'Hallo' });
    expect(container.querySelector('.block--text-field')?.className).toContain('text--left width--default');
  });

  it('cta_text: black background by default, with links', async () => {
    const { container } = await draw({
      type: 'cta_text',
      text: 'Jetzt',
      links: [
        { label: 'Mail', mailto: 'a@b.at' },
        { label: 'Anruf', phone: '+43 1' },
      ],
    });
    expect(container.querySelector('.bg--black')).not.toBeNull();
    expect(link('Mail').getAttribute('href')).toBe('mailto:a@b.at');
    expect(link('Anruf').getAttribute('href')).toBe('tel:+431');
  });

  it('text_columns: columns of text, links and images', async () => {
    await draw({
      type: 'text_columns',
      columns: [
        { text: 'Spalte A', image: image(5) },
        { text: 'Spalte B', links: [{ label: 'Seite', reference: { id: 21, type: 'site' } }] },
      ],
    });
    expect(screen.getByText('Spalte A')).toBeTruthy();
    expect(link('Seite').getAttribute('href')).toBe('/kontakt');
    expect(screen.getByRole('img', { name: 'Bild 5' })).toBeTruthy();
  });

  it('map_columns: the map only with the map plugin, coordinates and consent', async () => {
    const withMap = data({ config: { ...data().config, enablePluginMapbox: true, mapboxToken: 'pk.test' } });
    const { container, unmount } = await draw(
      { type: 'map_columns', text: 'Lage', map: { latitude: '48.2', longitude: '16.37' } },
      withMap,
    );
    expect(screen.getByText('Die Karte wird nach Ihrer Zustimmung zu Cookies angezeigt.')).toBeTruthy();
    unmount();
    acceptCookies();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const again = await draw(
      { type: 'map_columns', text: 'Lage', map: { latitude: '48.2', longitude: '16.37' } },
      withMap,
    );
    expect(again.container.querySelector('.map[role="region"]')).not.toBeNull();
    again.unmount();
    const none = await draw({ type: 'map_columns', text: 'Lage', map: { latitude: '', longitude: '' } }, withMap);
    expect(none.container.querySelector('.map')).toBeNull();
    expect(container).toBeTruthy();
  });

  it('carousel: portrait by default, progress bar, images open the lightbox; keys move and close it', async () => {
    const { container } = await draw({ type: 'carousel', images: [image(6), image(7)] });
    expect(container.querySelector('.carousel--portrait .slider__progress')).not.toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Bild vergrößern' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/image/large/6-1.jpg');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(within(screen.getByRole('dialog')).getByRole('img').getAttribute('src')).toBe('/image/large/7-1.jpg');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('object_carousel: cards linking to the chosen objects, or to the available ones automatically', async () => {
    const { unmount } = await draw({ type: 'object_carousel', objects: [{ object: { id: 3, type: 'node' } }] });
    expect(link(/Top 2/).getAttribute('href')).toBe('/projekte/haus-am-fluss/top-2');
    unmount();
    await draw({ type: 'object_carousel', selectAvailableObjects: true });
    expect(
      screen
        .getAllByRole('link')
        .filter((a) => a.className === 'object-card')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/projekte/haus-am-fluss/top-1']);
  });

  it('object_carousel: name, status and price of a card are apart, not run together (issue 43)', async () => {
    await draw({ type: 'object_carousel', objects: [{ object: { id: 2, type: 'node' } }] });
    const card = screen.getAllByRole('link').find((a) => a.className === 'object-card') as HTMLElement;
    expect(card.textContent).toBe('Top 1 Frei EUR 350.000,00');
    expect([...card.querySelectorAll('[class^="object-card__"]')].map((c) => c.className)).toEqual([
      'object-card__name',
      'object-card__status',
      'object-card__price',
    ]);
  });

  it('site_references: teaser tiles linking to the referenced nodes and sites', async () => {
    const { container } = await draw({
      type: 'site_references',
      text: 'Mehr',
      references: [{ reference: { id: 1, type: 'node' } }, { reference: { id: 21, type: 'site' } }],
    });
    const block = within(container.querySelector('.block--site-references') as HTMLElement);
    expect(block.getByRole('link', { name: 'Haus am Fluß' }).getAttribute('href')).toBe('/projekte/haus-am-fluss');
    expect(block.getByRole('link', { name: 'Kontakt' }).getAttribute('href')).toBe('/kontakt');
  });

  it("object_details: rows, the object's price with 'Gesamtpreis*', the additional-costs note, 'Anfrage senden'", async () => {
    const { unmount } = await draw(
      { type: 'object_details', data: [{ label: 'Balkon', value: '8 m²' }] },
      data(),
      objectTop1,
    );
    expect(screen.getByRole('rowheader', { name: 'Balkon' })).toBeTruthy();
    expect(screen.getByText('Gesamtpreis*')).toBeTruthy();
    expect(screen.getByText('EUR 350.000,00')).toBeTruthy();
    expect(screen.getByText(/3,5 % Grunderwerbsteuer und 1,1 % Eintragungsgebühr/)).toBeTruthy();
    expect(link('Anfrage senden').getAttribute('href')).toBe('/kontakt');
    unmount();
    await draw({ type: 'object_details', price_description: 'Gesamtpreis inkl. Tiefgarage' }, data(), objectTop2);
    expect(screen.getByText('Gesamtpreis inkl. Tiefgarage*')).toBeTruthy();
    expect(screen.getByText('Preis auf Anfrage')).toBeTruthy();
  });

  it('object_details: a rental object has no purchase-tax note and no asterisk (issue 43)', async () => {
    const rental = { ...objectTop1, content: { ...objectTop1.content, object_data: { type: 'rent', price: 1200 } } };
    await draw({ type: 'object_details', price_description: 'Miete' }, data(), rental);
    expect(screen.getByText('Miete')).toBeTruthy();
    expect(screen.queryByText(/Grunderwerbsteuer/)).toBeNull();
    expect(screen.queryByText(/\*/)).toBeNull();
  });

  it('image_section: two images in the lightbox plus text', async () => {
    await draw({ type: 'image_section', image_1: image(8), image_2: image(9), text: 'Zwei Bilder' });
    expect(screen.getAllByRole('button', { name: 'Bild vergrößern' })).toHaveLength(2);
    await userEvent.click(screen.getAllByRole('button', { name: 'Bild vergrößern' })[1]);
    expect(
      within(await screen.findByRole('dialog'))
        .getByRole('img')
        .getAttribute('alt'),
    ).toBe('Bild 9');
  });

  it('object_references: text and a gallery', async () => {
    await draw({ type: 'object_references', text: 'Referenzen', images: [image(10), image(11), image(12)] });
    expect(screen.getAllByRole('button', { name: 'Bild vergrößern' })).toHaveLength(3);
  });

  it("contact_info: address line, e-mail, phone, the first public branch's phone and 'Auf Anfrage'", async () => {
    const branch = { id: 1, identifier: 'wien', isEnabled: true, isPublic: true, phone: '+43 2 999' };
    const { container } = await draw({ type: 'contact_info' }, data({ branches: [branch as never] }));
    const block = within(container.querySelector('.block--contact-info') as HTMLElement);
    expect(block.getByText('Testgasse 1, 1010 Wien')).toBeTruthy();
    expect(block.getByRole('link', { name: 'office@example.at' }).getAttribute('href')).toBe(
      'mailto:office@example.at',
    );
    expect(block.getByRole('link', { name: '+43 1 234' }).getAttribute('href')).toBe('tel:+431234');
    expect(block.getByRole('link', { name: '+43 2 999' }).getAttribute('href')).toBe('tel:+432999');
    expect(block.getByText('Bürozeiten: Auf Anfrage')).toBeTruthy();
    // one line each: the e-mail and the phones do not run together
    for (const name of ['office@example.at', '+43 1 234', '+43 2 999'])
      expect(block.getByRole('link', { name }).parentElement?.tagName).toBe('P');
  });

  it('contact_info: the phone once when the branch has the same; no branch phone on a website with its own (issue 43)', async () => {
    const branch = { id: 1, identifier: 'wien', isEnabled: true, isPublic: true, phone: config.phone };
    const { container, unmount } = await draw({ type: 'contact_info' }, data({ branches: [branch as never] }));
    const block = () => container.querySelector('.block--contact-info') as HTMLElement;
    expect(block().textContent).toBe(`Testgasse 1, 1010 Wienoffice@example.at${config.phone}Bürozeiten: Auf Anfrage`);
    expect(within(block()).getAllByRole('link', { name: config.phone as string })).toHaveLength(1);
    unmount();
    const home = site(20, '/', 'Start', {
      type: 'home',
      layout: 'home',
      content: { identity: { phone: '+43 1 555' } },
    });
    const other = { ...branch, phone: '+43 2 999' };
    const own = await draw({ type: 'contact_info' }, data({ branches: [other as never], sites: [home] }));
    expect(
      within(own.container.querySelector('.block--contact-info') as HTMLElement).queryByText('+43 2 999'),
    ).toBeNull();
  });

  it('form: the referenced form node, anchored at #contact-form', async () => {
    const { container } = await draw({ type: 'form', form: { id: form.id, type: 'node' } });
    expect(container.querySelector('#contact-form')).not.toBeNull();
    expect(screen.getByLabelText('Name *')).toBeTruthy();
  });

  it('map: text, and the map of the last branch with coordinates after consent', async () => {
    acceptCookies();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const branches = [
      { id: 1, latitude: 48.1, longitude: 16.1 },
      { id: 2, latitude: null, longitude: null },
    ];
    const { container } = await draw(
      { type: 'map', text: 'Anfahrt' },
      data({ branches: branches as never, config: { ...data().config, enablePluginMapbox: true, mapboxToken: 'pk' } }),
    );
    expect(screen.getByText('Anfahrt')).toBeTruthy();
    expect(container.querySelector('.map[role="region"]')).not.toBeNull();
  });

  it("floor_plans: text and a preview opening in the lightbox, alt text 'Stockplan'", async () => {
    await draw({ type: 'floor_plans', plans: [{ text: 'Erdgeschoss', file: file(13) }] });
    expect(screen.getByText('Erdgeschoss')).toBeTruthy();
    const preview = screen.getByRole('img', { name: 'Stockplan' });
    expect(preview.getAttribute('src')).toBe('/upload/hash/preview/13-1.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Bild vergrößern' }));
    expect(within(await screen.findByRole('dialog')).getByRole('img', { name: 'Stockplan' })).toBeTruthy();
  });
});

describe('§2.9 site pages', () => {
  it('renders the simple layout body as rich text', async () => {
    await renderLoaded(
      '/einfach',
      data({ sites: [site(80, '/einfach', 'Einfach', { layout: 'simple', content: { body: '<p>Fließtext</p>' } })] }),
    );
    expect(screen.getByText('Fließtext')).toBeTruthy();
  });
});
