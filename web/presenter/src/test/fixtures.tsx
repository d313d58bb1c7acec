import type { ContentNode, Navigation, Site } from '@shop/contracts';
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Loaded } from '../app/App';
import { configFixture, type ContentData, fixtureMeta, PageContext } from '@shop/web-shared';

const meta = fixtureMeta;

export const config = { ...configFixture, shopName: 'Immo Test' };

export function node(
  id: number,
  type: ContentNode['type'],
  content: Record<string, unknown>,
  isPublic = true,
): ContentNode {
  return { id, type, isPublic, identifier: null, content, ...meta };
}
export function site(id: number, path: string, name: string, extra: Partial<Site> = {}): Site {
  return {
    id,
    path,
    name,
    website: 'presenter',
    type: 'default',
    layout: 'subpage',
    isPublic: true,
    content: {},
    ...meta,
    ...extra,
  };
}
export const image = (id: number, alt = `Bild ${id}`) => ({ id, version: 1, extension: 'jpg', alt });
export const file = (id: number) => ({ id, version: 1, extension: 'pdf', publicHash: 'hash' });

export const project = node(1, 'project', {
  name: 'Haus am Fluß',
  address: 'Uferweg 1, 1020 Wien',
  status: 'available',
  images: [image(11)],
  file: file(12),
  site_data: { hero_name: 'Wohnen am Fluss' },
});
export const objectTop1 = node(2, 'object', {
  name: 'Top 1',
  projects: [{ project: { id: 1, type: 'node' } }],
  object_data: { floor: 'EG', top: '1', room_count: 3, area: 74.5, type: 'buy', price: 350000, status: 'available' },
});
export const objectTop2 = node(3, 'object', {
  name: 'Top 2',
  projects: [{ project: { id: 1, type: 'node' } }],
  object_data: { floor: '1. OG', top: '2', room_count: 2, area: 55, status: 'sold' },
});
export const planned = node(4, 'project', { name: 'Neubau Süd', status: 'planned' });
export const booked = node(5, 'project', { name: 'Alt', status: 'booked' });
export const form = node(6, 'form', {
  name: 'Kontakt',
  fields: [
    { kind: 'text', fieldId: 'name', type: 'text', label: 'Name', isRequired: true },
    { kind: 'text', fieldId: 'email', type: 'email', label: 'E-Mail', isRequired: true },
    { kind: 'text', type: 'textarea', label: 'Nachricht' },
    { kind: 'select', fieldId: 'topic', label: 'Thema', options: [{ value: 'Kauf' }, { value: 'Miete' }] },
    {
      kind: 'boolean',
      fieldId: 'privacy',
      label: 'Ich akzeptiere die <a href="/datenschutz">Datenschutzerklärung</a>',
      isRequired: true,
    },
  ],
});

export const navigation = (identifier: string, items: Navigation['items']): Navigation => ({
  id: identifier.length,
  website: 'presenter',
  identifier,
  items,
  ...meta,
});

export function data(extra: Partial<ContentData> = {}): ContentData {
  return {
    config,
    user: null,
    branches: [],
    sites: [site(20, '/', 'Start', { type: 'home', layout: 'home' }), site(21, '/kontakt', 'Kontakt')],
    navigations: [],
    blocks: [],
    nodes: [project, objectTop1, objectTop2, planned, booked, form],
    ...extra,
  };
}

/** Renders inside the loaded app (layout, lightbox, routes) at a path, or one element within the app's providers. */
export function renderApp(
  path: string,
  d: ContentData = data(),
  element?: ReactNode,
  pageNode: ContentNode | null = null,
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Loaded data={d}>
        {element && <PageContext.Provider value={{ node: pageNode }}>{element}</PageContext.Provider>}
      </Loaded>
    </MemoryRouter>,
  );
}

export const acceptCookies = () => {
  document.cookie = 'cookie-consent=true; path=/';
};

/** renderApp, resolved: the lazily loaded block renderers are on the page (the Suspense fallback is gone). */
export async function renderLoaded(...args: Parameters<typeof renderApp>) {
  const result = renderApp(...args);
  // lazily loaded code (renderers, deferred blocks, the 404/500 pages) takes longer than waitFor's 1 s default
  // on a loaded machine
  await waitFor(() => expect(result.container.querySelector('.blocks-loading')).toBeNull(), { timeout: 10_000 });
  return result;
}
