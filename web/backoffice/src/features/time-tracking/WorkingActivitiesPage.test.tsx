import type { WorkingActivity } from '@shop/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import { NoticeProvider } from '../../ui/notices';
import WorkingActivitiesPage from './WorkingActivitiesPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const list = (rows: unknown[]) => json({ data: rows, meta: { total: rows.length, page: 1, perPage: 500 } });

/** a shift clocked in at 08:00 Vienna on 3 Nov 2026 and never clocked out */
const forgotten: WorkingActivity = {
  id: 7,
  createdAt: '2026-11-03T07:00:00.000Z',
  updatedAt: '2026-11-03T07:00:00.000Z',
  user: 2,
  branch: 1,
  project: null,
  task: null,
  kind: 'work',
  start: '2026-11-03T07:00:00.000Z',
  end: null,
  pauses: [],
  note: null,
  halfDay: false,
  state: 'running',
  netMinutes: 900,
  warnings: [],
  source: 'clock',
  changes: [
    {
      id: 1,
      activity: 7,
      action: 'created',
      at: '2026-11-03T07:00:00.000Z',
      by: { id: 2, username: 'mitarbeiter' },
      reason: null,
      before: null,
      after: {
        user: 2,
        branch: 1,
        project: null,
        task: null,
        kind: 'work',
        start: '2026-11-03T07:00:00.000Z',
        end: null,
        pauses: [],
        note: null,
        halfDay: false,
      },
      request: null,
    },
  ],
};

type Write = { method: string; path: string; body: unknown };
const MANAGER = { id: 1, username: 'chef', roles: ['ROLE_BRANCH_MANAGER'], branches: [{ id: 1 }] };
const EMPLOYEE = { id: 2, username: 'mitarbeiter', roles: ['ROLE_EMPLOYEE'], branches: [{ id: 1 }] };

function serve(
  writes: Write[],
  opts: { me?: object; refuse?: object; failing?: string[]; activity?: WorkingActivity } = {},
) {
  setCsrfToken('t');
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      writes.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (opts.refuse) return json(opts.refuse, 422);
      return json({ data: { activity: forgotten, change: forgotten.changes![0] } });
    }
    if (opts.failing?.includes(url.pathname)) return json({ message: 'kaputt', code: 'INTERNAL' }, 500);
    if (url.pathname === '/api/users/me') return json({ data: opts.me ?? MANAGER });
    if (url.pathname === '/api/branches') return list([{ id: 1, name: 'Innere Stadt', timezone: 'Europe/Vienna' }]);
    if (url.pathname === '/api/users') return list([{ id: 2, username: 'mitarbeiter', displayName: 'Lukas Gruber' }]);
    if (url.pathname === '/api/working-activities') return list([opts.activity ?? forgotten]);
    if (url.pathname === '/api/time-tracking/correction-requests') return list([]);
    if (url.pathname === '/api/time-sheets/balances') return json({ data: [] });
    if (url.pathname === '/api/time-sheets/holiday-balances') return json({ data: [] });
    return list([]);
  });
}

const open = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NoticeProvider>
        <WorkingActivitiesPage />
      </NoticeProvider>
    </SWRConfig>,
  );

describe('issue 41: working activities, corrections and their audit trail', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('a manager ends a forgotten clock-out with a reason: a correction of the whole activity', async () => {
    const writes: Write[] = [];
    serve(writes);
    open();
    const row = await screen.findByTestId('activity-7');
    expect(within(row).getByText('Stempeluhr')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Korrigieren' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Beginn (Uhrzeit)') as HTMLInputElement).value).toBe('08:00');
    await userEvent.type(within(dialog).getByLabelText('Ende (Uhrzeit)'), '16:30');
    await userEvent.type(within(dialog).getByLabelText('Grund'), 'Ausstempeln vergessen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/time-tracking/corrections',
      body: {
        action: 'update',
        activity: 7,
        user: 2,
        branch: 1,
        project: null,
        task: null,
        kind: 'work',
        start: '2026-11-03T07:00:00.000Z',
        // 16:30 in Vienna (UTC+1 in November)
        end: '2026-11-03T15:30:00.000Z',
        pauses: [],
        note: null,
        halfDay: false,
        endsNextDay: false,
        reason: 'Ausstempeln vergessen',
      },
    });
  });

  it("puts the server's German message for an end on the next day at the end field", async () => {
    const message =
      'Das Ende liegt nicht am Tag des Beginns. Wenn die Arbeit am Folgetag endet, wählen Sie „Endet am Folgetag“.';
    serve([], { refuse: { code: 'VALIDATION_FAILED', message, errors: [{ field: 'end', message }] } });
    open();
    await userEvent.click(within(await screen.findByTestId('activity-7')).getByRole('button', { name: 'Korrigieren' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Ende (Uhrzeit)'), '06:00');
    await userEvent.type(within(dialog).getByLabelText('Grund'), 'Nachtschicht');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText(message, { selector: '.field-error' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Ende (Uhrzeit)').getAttribute('aria-invalid')).toBe('true');
  });

  it('ends the next day only when "Endet am Folgetag" is ticked', async () => {
    const writes: Write[] = [];
    serve(writes);
    open();
    await userEvent.click(within(await screen.findByTestId('activity-7')).getByRole('button', { name: 'Korrigieren' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Ende (Uhrzeit)'), '06:00');
    await userEvent.click(within(dialog).getByLabelText('Endet am Folgetag'));
    await userEvent.type(within(dialog).getByLabelText('Grund'), 'Nachtschicht');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toMatchObject({ end: '2026-11-04T05:00:00.000Z', endsNextDay: true });
  });

  it('deletes with a reason and shows the audit trail of an activity', async () => {
    const writes: Write[] = [];
    serve(writes);
    open();
    const row = await screen.findByTestId('activity-7');
    await userEvent.click(within(row).getByRole('button', { name: 'Verlauf' }));
    const trail = await screen.findByRole('list', { name: 'Änderungsverlauf' });
    expect(trail.textContent).toContain('Angelegt von mitarbeiter am 03.11.2026 um 08:00 Uhr');
    await userEvent.click(within(row).getByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Grund'), 'doppelt erfasst');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/time-tracking/corrections',
      body: { action: 'delete', activity: 7, reason: 'doppelt erfasst' },
    });
  });

  it('an employee requests a correction of their own instead', async () => {
    const writes: Write[] = [];
    serve(writes, { me: EMPLOYEE });
    open();
    const row = await screen.findByTestId('activity-7');
    expect(screen.queryByLabelText('Benutzer')).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Korrektur beantragen' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Ende (Uhrzeit)'), '16:00');
    await userEvent.type(within(dialog).getByLabelText('Grund'), 'vergessen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ path: '/api/time-tracking/correction-requests', body: { action: 'update' } });
  });

  it('an employee changes and deletes an own entry directly (the CRUD), the reason only if given', async () => {
    const writes: Write[] = [];
    serve(writes, { me: EMPLOYEE, activity: { ...forgotten, source: 'entry' } });
    open();
    const row = await screen.findByTestId('activity-7');
    await userEvent.click(within(row).getByRole('button', { name: 'Korrigieren' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Ende (Uhrzeit)'), '12:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: '/api/working-activities/7',
      body: { user: 2, end: '2026-11-03T11:00:00.000Z', reason: null },
    });
    expect(writes[0]!.body).not.toHaveProperty('action');
    await userEvent.click(within(row).getByRole('button', { name: 'Löschen' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({ method: 'DELETE', path: '/api/working-activities/7', body: null });
  });

  it('says which load failed in the words of §8', async () => {
    serve([], {
      failing: ['/api/working-activities', '/api/time-sheets/balances', '/api/time-sheets/holiday-balances'],
    });
    open();
    await userEvent.selectOptions(
      await screen.findByLabelText('Benutzer'),
      await screen.findByRole('option', { name: 'Lukas Gruber' }),
    );
    expect(await screen.findByText('Aktivitäten konnten nicht geladen werden.')).toBeTruthy();
    expect(await screen.findByText('Zeitsalden konnten nicht geladen werden.')).toBeTruthy();
    expect(await screen.findByText('Urlaubskonten konnten nicht geladen werden.')).toBeTruthy();
  });
});
