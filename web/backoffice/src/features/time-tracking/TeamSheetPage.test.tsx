import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import TeamSheetPage from './TeamSheetPage';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const list = (rows: unknown[]) => json({ data: rows, meta: { total: rows.length, page: 1, perPage: 500 } });
const balance = (user: number) => ({
  user,
  from: '2026-01-01',
  to: '2026-01-31',
  timeZone: 'Europe/Vienna',
  days: [],
  weeks: [],
  months: [],
  plannedMinutes: 480,
  workedMinutes: 510,
  overtimeMinutes: 30,
});

/** The sheet on a fresh cache, with the branch chosen in its filter. */
async function openSheetOf(branchName: string) {
  renderScreen(<TeamSheetPage />);
  await userEvent.selectOptions(
    await screen.findByLabelText('Filiale'),
    await screen.findByRole('option', { name: branchName }),
  );
}

describe('issue 19: the team time sheet names the staff', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows display names (one users request for the whole sheet), and #id for someone no longer listed', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/users/me')
        return json({ data: { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] } });
      if (url.pathname === '/api/branches') return list([{ id: 1, name: 'Innere Stadt' }]);
      if (url.pathname === '/api/users')
        return list([
          { id: 2, username: 'mitarbeiter', displayName: 'Lukas Gruber' },
          { id: 3, username: 'aushilfe', displayName: '' },
        ]);
      if (url.pathname === '/api/time-sheets/balances') return json({ data: [balance(2), balance(3), balance(99)] });
      return list([]);
    });
    await openSheetOf('Innere Stadt');
    const table = await screen.findByRole('table');
    await within(table).findByText('Lukas Gruber');
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0].textContent);
    expect(names).toEqual(['Lukas Gruber', 'aushilfe', '#99']);
    // the staff list (the session's own /api/users/me is not a list of people)
    const userCalls = fetchSpy.mock.calls.filter(([u]) => /^\/api\/users(?!\/me)/.test(String(u)));
    expect(userCalls).toHaveLength(1);
  });

  it("opens on this month in the branch's zone, not in UTC: at 00:30 on 1 March in Vienna, March", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-02-28T23:30:00Z'));
    try {
      const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/users/me')
          return json({ data: { id: 1, username: 'leitung', roles: ['ROLE_ADMIN'], branches: [{ id: 1 }] } });
        if (url.pathname === '/api/branches') return list([{ id: 1, name: 'Innere Stadt', timezone: 'Europe/Vienna' }]);
        if (url.pathname === '/api/time-sheets/balances') return json({ data: [] });
        return list([]);
      });
      await openSheetOf('Innere Stadt');
      expect((screen.getByLabelText('Monat') as HTMLInputElement).value).toBe('2027-03');
      await vi.waitFor(() => {
        const asked = fetchSpy.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/api/time-sheets/balances'));
        expect(asked).toContain('from=2027-03-01');
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
