import type { WorkingSchedule } from '@shop/contracts';
import { addDays, localDate, weekOf } from '@shop/domain';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import PlannerPage from './PlannerPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const list = (rows: unknown[]) => json({ data: rows, meta: { total: rows.length, page: 1, perPage: 500 } });
const monday = weekOf(localDate(new Date(), 'Europe/Vienna'));
const shift = (id: number, user: number, date: string, start: string, end: string): WorkingSchedule => ({
  id,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  user,
  branch: 1,
  date,
  start,
  end,
  endsNextDay: false,
  breakMinutes: 0,
  note: null,
  plannedMinutes: 240,
});

const ADMIN = { roles: ['ROLE_ADMIN'], branches: [] };

/** the API: this week has two overlapping shifts of Lukas; last week one shift of Anna; writes are recorded */
function serve(
  writes: Array<{ method: string; path: string; body: unknown }>,
  refuse?: object,
  week?: { shifts: WorkingSchedule[]; ruleSet: 'AT' | 'DE' },
  me: { roles: string[]; branches: Array<{ id: number }> } = ADMIN,
  place: { branches?: object[]; configZone?: string } = {},
) {
  setCsrfToken('t');
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      writes.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (refuse) return json(refuse, 422);
      return json({ data: { ...shift(99, 3, monday, '08:00', '12:00'), ...JSON.parse(String(init!.body)) } }, 201);
    }
    if (url.pathname === '/api/users/me') return json({ data: { id: 1, username: 'chef', ...me } });
    if (url.pathname === '/api/branches')
      return list([
        { id: 1, name: 'Innere Stadt', division: week ? { id: 5 } : null, timezone: 'Europe/Vienna' },
        { id: 4, name: 'Graz Hauptplatz', division: null, timezone: 'Europe/Vienna' },
        ...(place.branches ?? []),
      ]);
    if (url.pathname === '/api/config') return json({ data: { timezone: place.configZone ?? 'Europe/Vienna' } });
    if (url.pathname === '/api/working-time-settings' && week && url.searchParams.get('division') === '5')
      return list([{ id: 1, division: 5, ruleSet: week.ruleSet }]);
    if (url.pathname === '/api/users')
      return list([
        { id: 2, username: 'mitarbeiter', displayName: 'Lukas Gruber' },
        { id: 3, username: 'anna', displayName: 'Anna Berger' },
      ]);
    if (url.pathname === '/api/working-schedules') {
      const from = url.searchParams.get('from');
      if (week) return list(from === monday ? week.shifts : []);
      if (from === monday) return list([shift(1, 2, monday, '08:00', '12:00'), shift(2, 2, monday, '11:00', '15:00')]);
      if (from === addDays(monday, -7)) return list([shift(3, 3, addDays(monday, -7), '09:00', '13:00')]);
    }
    return list([]);
  });
}

async function open() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PlannerPage />
    </SWRConfig>,
  );
  await userEvent.selectOptions(
    await screen.findByLabelText('Filiale'),
    await screen.findByRole('option', { name: 'Innere Stadt' }),
  );
  return screen.findByRole('table');
}

describe('issue 19: the week schedule planner', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the week per person by name, and the overlap as a German conflict', async () => {
    serve([]);
    const grid = await open();
    const lukas = within(grid).getByRole('row', { name: /Lukas Gruber/ });
    expect(
      within(lukas)
        .getAllByRole('button', { name: /Schicht bearbeiten/ })
        .map((b) => b.textContent),
    ).toEqual(['08:00–12:00', '11:00–15:00']);
    expect(within(grid).getByRole('row', { name: /Anna Berger/ })).toBeTruthy();
    const [y, m, d] = monday.split('-');
    expect(screen.getByRole('list').textContent).toContain(
      `Die Schichten 08:00–12:00 und 11:00–15:00 am ${d}.${m}.${y} überschneiden sich.`,
    );
  });

  it('adds a shift through the form (German error for a missing time), and moves one to another day', async () => {
    const writes: Array<{ method: string; path: string; body: unknown }> = [];
    serve(writes);
    await open();
    await userEvent.click(screen.getAllByRole('button', { name: /^Schicht für Anna Berger am/ })[2]);
    const form = screen.getByRole('form', { name: 'Schicht hinzufügen' });
    await userEvent.clear(within(form).getByLabelText('Beginn'));
    await userEvent.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await within(form).findByText('Dieser Wert entspricht keiner gültigen Zeitangabe.')).toBeTruthy();
    expect(writes).toEqual([]);
    await userEvent.type(within(form).getByLabelText('Beginn'), '10:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/working-schedules',
      body: {
        user: 3,
        branch: 1,
        date: addDays(monday, 2),
        start: '10:00',
        end: '16:30',
        breakMinutes: 30,
        note: null,
      },
    });

    await userEvent.click(screen.getAllByRole('button', { name: /Schicht bearbeiten: Lukas Gruber/ })[1]);
    const edit = screen.getByRole('form', { name: 'Schicht bearbeiten' });
    await userEvent.clear(within(edit).getByLabelText('Datum'));
    await userEvent.type(within(edit).getByLabelText('Datum'), addDays(monday, 1));
    await userEvent.click(within(edit).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({
      method: 'PUT',
      path: '/api/working-schedules/2',
      body: { date: addDays(monday, 1) },
    });
    // some forty keystrokes and two round trips: 4.6 s of the default 5 s on a loaded machine
  }, 20_000);

  it('shows the server field error beside the field', async () => {
    const message = 'Dieser Wert sollte 600 oder weniger sein.';
    serve([], { code: 'VALIDATION_FAILED', message, errors: [{ field: 'breakMinutes', message }] });
    await open();
    await userEvent.click(screen.getAllByRole('button', { name: /^Schicht für Anna Berger am/ })[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const form = screen.getByRole('form', { name: 'Schicht hinzufügen' });
    expect(await within(form).findByText(message, { selector: '.field-error' })).toBeTruthy();
    expect(within(form).getByLabelText('Pause (Minuten)').getAttribute('aria-invalid')).toBe('true');
  });

  it("judges the plan by the rule set of the branch's division: 9 h 01 min net needs 45 minutes in Germany", async () => {
    // 07:00–16:31 with a 30-minute break: 9 h 01 min net
    const long = { ...shift(7, 3, monday, '07:00', '16:31'), breakMinutes: 30 };
    serve([], undefined, { shifts: [long], ruleSet: 'DE' });
    await open();
    expect(
      await screen.findByText(
        /Bei 9 h 1 min Arbeitszeit ist eine Pause von mindestens 45 Minuten vorgeschrieben \(30 Minuten genommen\)/,
      ),
    ).toBeTruthy();
    cleanup();
    // the same shift in a division on the Austrian rules: 30 minutes suffice
    serve([], undefined, { shifts: [long], ruleSet: 'AT' });
    await open();
    expect(await screen.findByText('Keine Konflikte.')).toBeTruthy();
  });

  it('copies last week into this one, shifted by seven days', async () => {
    const writes: Array<{ method: string; path: string; body: unknown }> = [];
    serve(writes);
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Vorwoche übernehmen' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      '1 Schichten aus der Vorwoche übernommen, 0 übersprungen (überschneiden sich mit bestehenden).',
    );
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/api/working-schedules',
        body: { user: 3, branch: 1, date: monday, start: '09:00', end: '13:00', breakMinutes: 0, note: null },
      },
    ]);
  });

  it('offers a branch manager only the branches they manage, an administrator all', async () => {
    serve([], undefined, undefined, { roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'], branches: [{ id: 1 }] });
    await open();
    const picker = screen.getByLabelText('Filiale');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['', 'Innere Stadt']);
    cleanup();
    serve([]);
    await open();
    expect(
      within(screen.getByLabelText('Filiale'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['', 'Innere Stadt', 'Graz Hauptplatz']);
  });
});

describe("issue 19: the planner's first week before a branch is chosen", () => {
  // Monday 2 March 2026, 03:00 UTC: Monday 04:00 in Vienna, still Sunday 1 March 22:00 in New York
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T03:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
  const MANHATTAN = { id: 7, name: 'Manhattan', division: null, timezone: 'America/New_York' };
  const MANAGER = { roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'] };

  /** the week label once the user and the branches (or the shop's configuration) are loaded */
  async function expectWeek(label: string) {
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <PlannerPage />
      </SWRConfig>,
    );
    await screen.findByRole('option', { name: 'Innere Stadt' });
    await waitFor(() => expect(screen.getByText(/^Woche ab /).textContent).toBe(label), { timeout: 10_000 });
  }

  it("is the week of the user's first branch's zone: New York's Monday 23 February, not Vienna's 2 March", async () => {
    serve([], undefined, undefined, { ...MANAGER, branches: [{ id: 7 }, { id: 1 }] }, { branches: [MANHATTAN] });
    await expectWeek('Woche ab 23.02.2026');
    cleanup();
    // the same moment for a manager whose first branch is in Vienna
    serve([], undefined, undefined, { ...MANAGER, branches: [{ id: 1 }, { id: 7 }] }, { branches: [MANHATTAN] });
    await expectWeek('Woche ab 02.03.2026');
  }, 30_000);

  it("for an administrator without branches, the shop's configured zone", async () => {
    serve([], undefined, undefined, ADMIN, { configZone: 'America/New_York' });
    await expectWeek('Woche ab 23.02.2026');
    cleanup();
    serve([], undefined, undefined, ADMIN, { configZone: 'Europe/Vienna' });
    await expectWeek('Woche ab 02.03.2026');
  }, 30_000);
});
