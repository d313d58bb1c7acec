import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../ui/notices';
import { Layout } from './Layout';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

async function navigationOf(roles: string[]): Promise<string[]> {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    json({ data: { id: 1, username: 'u', displayName: 'Lukas Gruber', roles, branches: [{ id: 1 }] } }),
  );
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <NoticeProvider>
        <MemoryRouter>
          <Layout />
        </MemoryRouter>
      </NoticeProvider>
    </SWRConfig>,
  );
  const nav = await screen.findByRole('navigation');
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');
}

/** issue 14 item 12: screens the role cannot use are not offered (an employee opening one met a load error) */
describe('the navigation offers each role the screens it may use', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('an employee sees orders, branches and tables, not users, configuration or the system log', async () => {
    const links = await navigationOf(['ROLE_EMPLOYEE']);
    expect(links).toEqual(expect.arrayContaining(['Aktuelle Bestellungen', 'Filialen', 'Tische']));
    for (const adminScreen of ['Benutzer', 'Konfiguration', 'Systemlogs', 'Produkte'])
      expect(links).not.toContain(adminScreen);
  });

  it('an administrator sees them all', async () => {
    const links = await navigationOf(['ROLE_ADMIN']);
    expect(links).toEqual(expect.arrayContaining(['Benutzer', 'Konfiguration', 'Systemlogs', 'Produkte', 'Tische']));
  });
});
