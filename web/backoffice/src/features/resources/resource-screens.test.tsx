import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import { NoticeProvider } from '../../ui/notices';
import { resourceByName } from './defs';
import { UnlockButton } from './ResourceExtras';
import { ResourceForm } from './ResourceForm';
import { ResourceList } from './ResourceList';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const EMPLOYEE = {
  id: 2,
  username: 'mitarbeiter',
  displayName: 'Lukas Gruber',
  roles: ['ROLE_EMPLOYEE'],
  branches: [{ id: 1 }],
};
const ADMIN = { ...EMPLOYEE, id: 1, roles: ['ROLE_ADMIN'], branches: [] };
const BRANCHES = [
  {
    ...resourceByName('branches')!.defaults,
    id: 1,
    name: 'Innere Stadt',
    identifier: 'wien-innere-stadt',
    city: 'Wien',
  },
  { ...resourceByName('branches')!.defaults, id: 3, name: 'Graz', identifier: 'graz-lend', city: 'Graz' },
];
const LOCKED = {
  id: 5,
  username: 'aushilfe',
  email: null,
  firstName: null,
  lastName: null,
  displayName: 'aushilfe',
  roles: ['ROLE_EMPLOYEE'],
  branches: [{ id: 1 }],
  department: null,
  isEnabled: true,
  isLocked: true,
  expiresAt: null,
  lockedUntil: null,
};
/** locked out after failed logins (not by an administrator) for another 20 minutes */
const LOCKED_OUT = {
  ...LOCKED,
  id: 6,
  username: 'kassa',
  displayName: 'kassa',
  isLocked: false,
  lockedUntil: new Date(Date.now() + 20 * 60_000).toISOString(),
};
const TABLES = [
  { id: 9, name: 'Tisch 1', identifier: 'tisch-1', branch: 1, seats: 4 },
  { id: 11, name: 'Tisch 2', identifier: 'tisch-2', branch: 3, seats: 2 },
];

/** The API as the server answers these users (reads only: the screens must not offer what it would refuse). */
function serve(me: typeof EMPLOYEE) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const list = (rows: unknown[]) => json({ data: rows, meta: { total: rows.length, page: 1, perPage: 25 } });
    if (url.pathname === '/api/users/me') return json({ data: me });
    if (url.pathname === '/api/branches') return list(BRANCHES);
    if (url.pathname === '/api/branches/3') return json({ data: BRANCHES[1] });
    if (url.pathname === '/api/branches/1') return json({ data: BRANCHES[0] });
    if (url.pathname === '/api/users/5') return json({ data: LOCKED });
    if (url.pathname === '/api/users') return list([LOCKED, LOCKED_OUT]);
    if (url.pathname === '/api/users/6/unlock') {
      LOCKED_OUT.lockedUntil = null as unknown as string;
      return json({ data: LOCKED_OUT });
    }
    if (url.pathname === '/api/users/6') return json({ data: LOCKED_OUT });
    if (url.pathname === '/api/tables') return list(TABLES);
    if (url.pathname === '/api/tables/9') return json({ data: TABLES[0] });
    if (url.pathname === '/api/devices')
      return list([
        { id: 4, name: 'Küchendrucker', identifier: 'kueche', type: 'printer', branch: 1, lastSeenAt: null },
      ]);
    return list([]);
  });
}

function show(element: React.ReactNode, at = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [at] });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NoticeProvider>
        <RouterProvider router={router} />
      </NoticeProvider>
    </SWRConfig>,
  );
  return router;
}

describe('what employees are offered in the generated screens', () => {
  beforeEach(() => vi.restoreAllMocks());
  afterEach(cleanup);

  it('branches: no create or delete; their own branch to edit, another one only to view', async () => {
    serve(EMPLOYEE);
    show(<ResourceList def={resourceByName('branches')!} />);
    await screen.findByRole('link', { name: 'Bearbeiten: Innere Stadt' });
    expect(screen.getByRole('link', { name: 'Ansehen: Graz' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Neu anlegen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Löschen/ })).toBeNull();
  });

  it("another branch's form is read-only, without a save button", async () => {
    serve(EMPLOYEE);
    show(<ResourceForm def={resourceByName('branches')!} id="3" />);
    await screen.findByText('Sie können diesen Eintrag ansehen, aber nicht ändern.');
    // a disabled fieldset disables every control inside it, the editors' buttons too
    expect(screen.getByLabelText('Name').closest('fieldset[disabled]')).not.toBeNull();
    expect(
      screen.getByRole('button', { name: 'Regel hinzufügen (Öffnungszeiten)' }).closest('fieldset[disabled]'),
    ).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it("their own branch's form: hours, closed message, pause and status e-mails editable, the rest read only (issue 42)", async () => {
    serve(EMPLOYEE);
    show(<ResourceForm def={resourceByName('branches')!} id="1" />);
    await screen.findByText('Ausgegraute Einstellungen dürfen nur Administratoren ändern.');
    const locked = (label: string) => screen.getByLabelText(label).closest('fieldset[disabled]') !== null;
    expect(['Name', 'Kennung', 'Öffentlich', 'Barzahlung'].map(locked)).toEqual([true, true, true, true]);
    expect(
      ['Bestellbar ab (Uhrzeit)', 'Hinweis bei geschlossener Filiale', 'E-Mail bei Bestätigung'].map(locked),
    ).toEqual([false, false, false]);
    expect(
      screen.getByRole('button', { name: 'Regel hinzufügen (Öffnungszeiten)' }).closest('fieldset[disabled]'),
    ).toBeNull();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeTruthy();
    cleanup();

    serve(ADMIN);
    show(<ResourceForm def={resourceByName('branches')!} id="1" />);
    expect((await screen.findByLabelText('Name')).closest('fieldset[disabled]')).toBeNull();
    expect(screen.queryByText('Ausgegraute Einstellungen dürfen nur Administratoren ändern.')).toBeNull();
  });

  it('tables: create and delete in their own branch only, which is the only branch to choose', async () => {
    serve(EMPLOYEE);
    show(<ResourceList def={resourceByName('tables')!} />);
    await screen.findByRole('button', { name: 'Löschen: Tisch 1' });
    expect(screen.queryByRole('button', { name: 'Löschen: Tisch 2' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ansehen: Tisch 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neu anlegen' })).toBeTruthy();
    cleanup();

    show(<ResourceForm def={resourceByName('tables')!} id="new" />);
    const select = await screen.findByLabelText('Filiale');
    await within(select).findByRole('option', { name: 'Innere Stadt' });
    expect(within(select).queryByRole('option', { name: 'Graz' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeTruthy();
  });

  it('devices: employees only look; administrators may do everything', async () => {
    serve(EMPLOYEE);
    show(<ResourceList def={resourceByName('devices')!} />);
    await screen.findByRole('link', { name: 'Ansehen: Küchendrucker' });
    expect(screen.queryByRole('link', { name: 'Neu anlegen' })).toBeNull();
    cleanup();

    serve(ADMIN);
    show(<ResourceList def={resourceByName('devices')!} />);
    await screen.findByRole('button', { name: 'Löschen: Küchendrucker' });
    expect(screen.getByRole('link', { name: 'Neu anlegen' })).toBeTruthy();
  });
});

describe('users', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    setCsrfToken('token-1');
  });
  afterEach(cleanup);

  it("shows an administrator's lock and lifts it", async () => {
    serve(ADMIN);
    show(<ResourceForm def={resourceByName('users')!} id="5" />);
    const locked = await screen.findByRole('checkbox', { name: 'Gesperrt' });
    expect((locked as HTMLInputElement).checked).toBe(true);
    await userEvent.click(locked);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = vi.mocked(fetch).mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(String(url)).toBe('/api/users/5');
    expect(JSON.parse(String(init!.body))).toMatchObject({ username: 'aushilfe', isLocked: false });
  });

  it('shows a lockout after failed logins with its end, and the administrator lifts it', async () => {
    const end = new Date(LOCKED_OUT.lockedUntil).toLocaleTimeString('de-AT', { hour: '2-digit', minute: '2-digit' });
    serve(ADMIN);
    show(<ResourceList def={resourceByName('users')!} />);
    const row = (await screen.findByRole('link', { name: 'Bearbeiten: kassa' })).closest('tr')!;
    expect(within(row).getByText(`Ja, bis ${end} Uhr (fehlgeschlagene Anmeldungen)`)).toBeTruthy();
    const other = screen.getByRole('link', { name: 'Bearbeiten: aushilfe' }).closest('tr')!;
    expect(within(other).getAllByText('Ja')).toHaveLength(2); // enabled, and locked by an administrator
    cleanup();

    show(<ResourceForm def={resourceByName('users')!} id="6" extra={(e) => <UnlockButton user={e} />} />);
    await screen.findByText(`Nach zu vielen fehlgeschlagenen Anmeldungen gesperrt bis ${end} Uhr.`);
    await userEvent.click(screen.getByRole('button', { name: 'Entsperren' }));
    await screen.findByText('Der Benutzer wurde entsperrt.');
    const [url, init] = vi.mocked(fetch).mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(String(url)).toBe('/api/users/6/unlock');
    expect(init?.headers).toMatchObject({ 'x-csrf-token': 'token-1' });
    // reloaded without the lockout: the action is gone
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Entsperren' })).toBeNull());
  });
});

describe('save errors', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    setCsrfToken('token-1');
  });
  afterEach(cleanup);

  it('a validation error names its field in the notice as in the summary, without a retry that can only fail again', async () => {
    serve(ADMIN);
    const reads = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) =>
      init?.method === 'PUT'
        ? new Response(
            JSON.stringify({
              code: 'VALIDATION_FAILED',
              message: 'Dieser Wert sollte nicht leer sein.',
              errors: [{ field: 'name', message: 'Dieser Wert sollte nicht leer sein.' }],
            }),
            { status: 422, headers: { 'content-type': 'application/json' } },
          )
        : reads(input, init),
    );
    show(<ResourceForm def={resourceByName('tables')!} id="9" />);
    await screen.findByDisplayValue('Tisch 1');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const notice = await waitFor(() => document.querySelector('.notice-error span')!);
    expect(notice.textContent).toBe('Name: Dieser Wert sollte nicht leer sein.');
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
  });
});

describe('lists', () => {
  beforeEach(() => vi.restoreAllMocks());
  afterEach(cleanup);

  it('keeps the search box in step with the address when going back', async () => {
    serve(ADMIN);
    const router = show(<ResourceList def={resourceByName('tables')!} />, '/tables');
    await screen.findByRole('link', { name: 'Bearbeiten: Tisch 1' });
    await act(() => router.navigate('/tables?search=tisch'));
    await waitFor(() => expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('tisch'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe(''));
  });
});
