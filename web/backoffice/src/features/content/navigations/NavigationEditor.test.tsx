import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../api/client';
import { NoticeProvider } from '../../../ui/notices';
import NavigationEditor from './NavigationEditor';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const NAV = {
  id: 7,
  website: 'storefront',
  identifier: 'footer',
  items: [{ type: 'link', label: 'Impressum', target: '/impressum', suffix: '', isEnabled: true, children: [] }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const TAKEN = 'Dieser Wert ist bereits vergeben.';

function open(path: string) {
  const router = createMemoryRouter([{ path: '/navigations/:id', element: <NavigationEditor /> }], {
    initialEntries: [path],
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NoticeProvider>
        <RouterProvider router={router} />
      </NoticeProvider>
    </SWRConfig>,
  );
}

describe('navigation editor (react-hook-form with the contract NavigationInput)', () => {
  const writes: Array<{ method: string; url: string; body: unknown }> = [];
  beforeEach(() => {
    setCsrfToken('t');
    writes.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        if (method !== 'GET') writes.push({ method, url, body: JSON.parse(String(init?.body)) });
        if (url === '/api/navigations/7' && method === 'GET') return json({ data: NAV });
        if (url === '/api/navigations' && method === 'POST')
          return json({ message: TAKEN, code: 'VALIDATION', errors: [{ field: 'identifier', message: TAKEN }] }, 422);
        if (url === '/api/navigations/7' && method === 'PUT')
          return json({ data: { ...NAV, ...(JSON.parse(String(init?.body)) as object) } });
        return json({ data: [] });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends a new navigation as the form holds it, and shows the server's German error at its field", async () => {
    const user = userEvent.setup();
    open('/navigations/new');
    const identifier = (await screen.findByLabelText('Kennung *')) as HTMLInputElement;
    expect(identifier.value).toBe('main-navigation');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(identifier.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('nav-identifier-error')?.textContent).toBe(TAKEN);
    expect(writes).toEqual([
      {
        method: 'POST',
        url: '/api/navigations',
        body: { website: 'presenter', identifier: 'main-navigation', items: [] },
      },
    ]);
  });

  it('loads a navigation into the form and saves the changed identifier with its items', async () => {
    const user = userEvent.setup();
    open('/navigations/7');
    const identifier = (await screen.findByLabelText('Kennung *')) as HTMLInputElement;
    await waitFor(() => expect(identifier.value).toBe('footer'));
    expect((screen.getByLabelText('Website') as HTMLSelectElement).value).toBe('storefront');
    await user.clear(identifier);
    await user.type(identifier, 'fusszeile');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Navigation wurde gespeichert.')).toBeTruthy();
    expect(writes).toEqual([
      {
        method: 'PUT',
        url: '/api/navigations/7',
        body: { website: 'storefront', identifier: 'fusszeile', items: NAV.items },
      },
    ]);
    expect(identifier.getAttribute('aria-invalid')).toBeNull();
  });
});
