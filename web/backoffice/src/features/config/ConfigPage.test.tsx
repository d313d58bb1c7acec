import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../ui/notices';
import ConfigPage from './ConfigPage';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderAs(roles: string[]) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input).startsWith('/api/users/me')
      ? json({ data: { id: 1, roles, branches: [] } })
      : json({ data: { shopName: 'Donaugenuss' } }),
  );
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <NoticeProvider>
        <MemoryRouter>
          <ConfigPage />
        </MemoryRouter>
      </NoticeProvider>
    </SWRConfig>,
  );
}

describe('ConfigPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows an employee the configuration read-only, without a 'Speichern' that can only fail", async () => {
    renderAs(['ROLE_EMPLOYEE']);
    const shopName = (await screen.findByDisplayValue('Donaugenuss')) as HTMLInputElement;
    expect(shopName.closest('fieldset')!.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it('lets an administrator save', async () => {
    renderAs(['ROLE_ADMIN']);
    await screen.findByDisplayValue('Donaugenuss');
    expect(await screen.findByRole('button', { name: 'Speichern' })).toBeTruthy();
  });
});
