import { screen, within } from '@testing-library/react';
import { booked, data, file, node, objectTop1, project, renderLoaded, site } from '../test/fixtures';

const crumbs = () =>
  within(screen.getByRole('navigation', { name: 'Brotkrümelnavigation' }))
    .getAllByRole('listitem')
    .map((li) => [li.textContent, li.querySelector('a')?.getAttribute('href') ?? null]);

describe('§2.1 pages and §2.9 hero and breadcrumbs', () => {
  it('project page: hero_name heading, the exposé button, breadcrumbs, then the body blocks in order', async () => {
    const withBody = node(1, 'project', {
      ...project.content,
      body: [
        { type: 'text_field', text: 'Erster Block' },
        { type: 'cta_text', text: 'Zweiter Block' },
      ],
    });
    await renderLoaded('/projekte/haus-am-fluss', data({ nodes: [withBody, objectTop1] }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Wohnen am Fluss');
    const expose = screen.getByRole('link', { name: 'Exposé herunterladen' });
    expect([expose.getAttribute('href'), expose.getAttribute('target')]).toEqual(['/upload/hash/12-1.pdf', '_blank']);
    expect(crumbs()).toEqual([
      ['Startseite', '/'],
      ['Aktuelle Projekte', '/aktuelle-projekte'],
      ['Haus am Fluß', null],
    ]);
    const first = screen.getByText('Erster Block');
    const second = screen.getByText('Zweiter Block');
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.title).toBe('Wohnen am Fluss - Testladen online');
  });

  it("object page: the owning project's crumb; heading falls back to the content name", async () => {
    await renderLoaded('/projekte/haus-am-fluss/top-1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Top 1');
    expect(crumbs()).toEqual([
      ['Startseite', '/'],
      ['Aktuelle Projekte', '/aktuelle-projekte'],
      ['Haus am Fluß', '/projekte/haus-am-fluss'],
      ['Top 1', null],
    ]);
  });

  it('reference page: Referenzen crumb and no exposé button', async () => {
    const reference = node(40, 'reference', { name: 'Villa Süd', file: file(41) });
    await renderLoaded('/referenzen/villa-sued', data({ nodes: [reference] }));
    expect(crumbs().map((c) => c[0])).toEqual(['Startseite', 'Referenzen', 'Villa Süd']);
    expect(screen.queryByRole('link', { name: 'Exposé herunterladen' })).toBeNull();
  });

  it('site page: heading falls back to the site name; the home page shows only its body blocks', async () => {
    const { unmount } = await renderLoaded('/kontakt');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kontakt');
    expect(crumbs()).toEqual([
      ['Startseite', '/'],
      ['Kontakt', null],
    ]);
    unmount();
    const home = site(20, '/', 'Start', {
      type: 'home',
      layout: 'home',
      content: { body: [{ type: 'text_field', text: 'Willkommen' }] },
    });
    await renderLoaded('/', data({ sites: [home] }));
    expect(screen.getByText('Willkommen')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Brotkrümelnavigation' })).toBeNull();
  });

  it('shows the 404 page for unknown paths and hidden nodes, the 500 page for an unconfigured site type', async () => {
    const { unmount } = await renderLoaded('/projekte/alt');
    expect(booked.content.status).toBe('booked');
    // a booked project is still public: its page exists
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Alt');
    unmount();
    const hidden = node(50, 'project', { name: 'Geheim' }, false);
    const second = await renderLoaded('/projekte/geheim', data({ nodes: [hidden] }));
    expect(screen.getByRole('heading', { name: '404 Not Found' })).toBeTruthy();
    expect(screen.getByText('Leider wurde die angeforderte Seite nicht gefunden.')).toBeTruthy();
    second.unmount();
    await renderLoaded('/alt', data({ sites: [site(60, '/alt', 'Alt', { type: 'legacy' as 'default' })] }));
    expect(screen.getByRole('heading', { name: '500 Internal Server Error' })).toBeTruthy();
    expect(screen.getByText('Leider ist ein interner Fehler aufgetreten.')).toBeTruthy();
  });

  it('shows staff the draft of a non-public site with the draft style', async () => {
    await renderLoaded(
      '/entwurf',
      data({ user: { id: 1, roles: ['ROLE_ADMIN'] }, sites: [site(70, '/entwurf', 'Entwurf', { isPublic: false })] }),
    );
    expect(screen.getByText('Entwurf: Diese Seite ist nicht öffentlich.')).toBeTruthy();
    expect(document.querySelector('.page--draft')).not.toBeNull();
  });
});
