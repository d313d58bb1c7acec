import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { Layout } from '../app/Layout';
import { NoticeProvider } from '../ui/notices';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The links of the back office's menu for a staff member with these roles (renders the layout). */
export async function menuLinks(roles: string[]): Promise<HTMLAnchorElement[]> {
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
  return within(nav).getAllByRole('link') as HTMLAnchorElement[];
}
