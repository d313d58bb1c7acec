import { contentBuilderTexts } from '@shop/i18n-de';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { canEditContent } from './content-permission';
import NavigationsPage from './navigations/NavigationsPage';
import RedirectsPage from './redirects/RedirectsPage';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const meta = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const REDIRECT = { id: 4, website: 'presenter', source: '/alt', target: '/projekte', status: 301, ...meta };
const NAVIGATION = { id: 2, website: 'storefront', identifier: 'haupt', items: [], ...meta };

/** The API as a staff member with these roles sees it: their profile, one redirect, one navigation. */
function asStaff(roles: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/users/me') return json({ data: { id: 9, username: 'filiale', roles, branches: [{ id: 1 }] } });
      if (url.startsWith('/api/redirects?'))
        return json({ data: [REDIRECT], meta: { page: 1, perPage: 50, total: 1 } });
      if (url.startsWith('/api/navigations?')) return json({ data: [NAVIGATION], meta: { page: 1, perPage: 500 } });
      return new Response(null, { status: 500 });
    }),
  );
}

/** Issue 42 item 3: staff without the content permission see the websites' content read only. */
describe('content permission in the content builder', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('administrators and content editors may edit; other employees not', () => {
    expect(canEditContent({ roles: ['ROLE_ADMIN'] })).toBe(true);
    expect(canEditContent({ roles: ['ROLE_EMPLOYEE', 'ROLE_CONTENT_EDITOR'] })).toBe(true);
    expect(canEditContent({ roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'] })).toBe(false);
  });

  it('an employee without it sees the redirects without new, edit and delete, and the note why', async () => {
    asStaff(['ROLE_EMPLOYEE']);
    renderScreen(<RedirectsPage />, '/redirects');
    expect(await screen.findByText(contentBuilderTexts.readOnly)).toBeTruthy();
    expect(screen.getByText('/alt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Neuer Redirect' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bearbeiten: /alt' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Löschen/ })).toBeNull();
  });

  it('a content editor gets them', async () => {
    asStaff(['ROLE_EMPLOYEE', 'ROLE_CONTENT_EDITOR']);
    renderScreen(<RedirectsPage />, '/redirects');
    expect(await screen.findByRole('button', { name: 'Bearbeiten: /alt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neuer Redirect' })).toBeTruthy();
    expect(screen.queryByText(contentBuilderTexts.readOnly)).toBeNull();
  });

  it('an employee without it sees the navigations without the new link and delete', async () => {
    asStaff(['ROLE_EMPLOYEE']);
    renderScreen(<NavigationsPage />, '/navigations');
    expect(await screen.findByText(contentBuilderTexts.readOnly)).toBeTruthy();
    expect(await screen.findByText('haupt')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Neue Navigation' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Löschen/ })).toBeNull();
  });
});
