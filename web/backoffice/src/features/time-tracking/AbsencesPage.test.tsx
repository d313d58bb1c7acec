import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import { NoticeProvider } from '../../ui/notices';
import AbsencesPage from './AbsencesPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const list = (rows: unknown[]) => json({ data: rows, meta: { total: rows.length, page: 1, perPage: 500 } });
const account = (taken: number) => ({
  user: 2,
  year: 2026,
  entitlementDays: 25,
  carryOverDays: 0,
  expiredCarryOverDays: 0,
  takenDays: taken,
  remainingDays: 25 - taken,
});
const entitlement = {
  user: 2,
  year: 2026,
  daysPerYear: 25,
  partTimeFactor: 1,
  employedFrom: null,
  employedTo: null,
  carryOverDays: 0,
  carryOverExpires: null,
  isDefault: true,
  previousYearRemainingDays: 3,
};
type Write = { method: string; path: string; body: unknown };

function serve(writes: Write[], failing: string[] = []) {
  setCsrfToken('t');
  let taken = 0;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      writes.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/time-sheets/absences') {
        taken += 4;
        return json(
          {
            data: {
              activity: {},
              days: 4,
              publicHolidays: [{ date: '2026-12-08', name: 'Mariä Empfängnis' }],
              holidayBalances: [account(taken)],
            },
          },
          201,
        );
      }
      return json({ data: { ...entitlement, ...body, isDefault: false } });
    }
    if (failing.includes(url.pathname)) return json({ message: 'kaputt', code: 'INTERNAL' }, 500);
    if (url.pathname === '/api/users/me')
      return json({ data: { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] } });
    if (url.pathname === '/api/branches') return list([{ id: 1, name: 'Innere Stadt', timezone: 'Europe/Vienna' }]);
    if (url.pathname === '/api/users') return list([{ id: 2, username: 'mitarbeiter', displayName: 'Lukas Gruber' }]);
    if (url.pathname === '/api/time-sheets/holiday-balances') return json({ data: [account(taken)] });
    if (url.pathname === '/api/time-sheets/holiday-entitlements') return json({ data: [entitlement] });
    return list([]);
  });
}

const open = async () => {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NoticeProvider>
        <AbsencesPage />
      </NoticeProvider>
    </SWRConfig>,
  );
  await userEvent.selectOptions(
    await screen.findByLabelText('Benutzer'),
    await screen.findByRole('option', { name: 'Lukas Gruber' }),
  );
};

describe('issue 41: absences, the holiday account and entitlements', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('books a vacation week; the public holiday is named and the account goes down by the days taken', async () => {
    const writes: Write[] = [];
    serve(writes);
    await open();
    expect((await screen.findByTestId('holiday-remaining')).textContent).toBe('25 Tage');
    const form = screen.getByRole('form', { name: 'Abwesenheit buchen' });
    await userEvent.selectOptions(within(form).getByLabelText('Filiale'), '1');
    await userEvent.type(within(form).getByLabelText('Von'), '2026-12-07');
    await userEvent.type(within(form).getByLabelText('Bis'), '2026-12-11');
    await userEvent.click(within(form).getByRole('button', { name: 'Buchen' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/time-sheets/absences',
      body: {
        user: 2,
        branch: 1,
        kind: 'holiday',
        from: '2026-12-07',
        to: '2026-12-11',
        halfDay: false,
        note: null,
        reason: null,
      },
    });
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Urlaub gebucht: 4 Tage. Nicht abgezogen (Feiertag): 08.12.2026 Mariä Empfängnis',
    );
    await waitFor(() => expect(screen.getByTestId('holiday-remaining').textContent).toBe('21 Tage'));
  });

  it('books half a day as one day', async () => {
    const writes: Write[] = [];
    serve(writes);
    await open();
    const form = await screen.findByRole('form', { name: 'Abwesenheit buchen' });
    await userEvent.selectOptions(within(form).getByLabelText('Art'), 'compensatory');
    await userEvent.selectOptions(within(form).getByLabelText('Filiale'), '1');
    await userEvent.type(within(form).getByLabelText('Von'), '2026-12-14');
    await userEvent.click(within(form).getByLabelText('Halber Tag'));
    await userEvent.click(within(form).getByRole('button', { name: 'Buchen' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toMatchObject({
      kind: 'compensatory',
      from: '2026-12-14',
      to: '2026-12-14',
      halfDay: true,
    });
  });

  it("edits the year's entitlement, offering the previous year's rest as carry-over", async () => {
    const writes: Write[] = [];
    serve(writes);
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Anspruch bearbeiten' }));
    const form = screen.getByRole('form', { name: 'Anspruch bearbeiten 2026' });
    expect((within(form).getByLabelText('Übertrag') as HTMLInputElement).value).toBe('3');
    await userEvent.clear(within(form).getByLabelText('Tage pro Jahr'));
    await userEvent.type(within(form).getByLabelText('Tage pro Jahr'), '27,5');
    await userEvent.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: '/api/time-sheets/holiday-entitlements',
      body: {
        user: 2,
        year: 2026,
        daysPerYear: 27.5,
        partTimeFactor: 1,
        employedFrom: null,
        employedTo: null,
        carryOverDays: 3,
        carryOverExpires: null,
      },
    });
  });

  it('says which load failed in the words of §8', async () => {
    serve([], ['/api/time-sheets/holiday-balances', '/api/time-sheets/holiday-entitlements']);
    await open();
    expect(await screen.findByText('Urlaubskonten konnten nicht geladen werden.')).toBeTruthy();
    expect(await screen.findByText('Guthaben konnten nicht geladen werden.')).toBeTruthy();
  });
});
