import type { SignageDevice } from '@shop/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../api/client';
import { NAV } from '../app/nav';
import { renderScreen } from '../test/render-screen';
import { SIGNAGE_RESOURCES } from './signage-resources';
import SignageDevices from './SignageDevices';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const list = (rows: unknown[]) => json({ data: rows, meta: { total: rows.length, page: 1, perPage: 25 } });
const meta = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const KEY_1 = 'a'.repeat(32);
const KEY_2 = 'b'.repeat(32);

const tv = (o: Partial<SignageDevice> = {}): SignageDevice => ({
  ...meta,
  id: 1,
  identifier: 'tv-theke',
  name: 'TV Theke',
  branch: 3,
  scene: null,
  powerSchedule: null,
  isEnabled: true,
  status: 'online',
  lastSeenAt: meta.createdAt,
  currentScene: null,
  isScreenOn: false,
  command: null,
  idle: 'outside-schedule',
  ...o,
});

/** An EventSource under the test's hand: `emit` sends a server-sent event to the list. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, (e: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {}
}

/** The TV API in memory for one role: the list, creating a TV (its key answered), a new key. */
function fakeApi(roles: string[]) {
  let devices = [tv()];
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: pathname, body });
      if (pathname === '/api/users/me') return json({ data: { id: 1, username: 'a', roles, branches: [3] } });
      if (pathname === '/api/branches') return list([{ id: 3, name: 'Wien Mitte' }]);
      if (pathname === '/api/scenes') return list([{ ...meta, id: 5, path: '/theke', name: 'Theke', regions: [] }]);
      if (pathname === '/api/digital-signage-devices' && method === 'GET') return list(devices);
      if (pathname === '/api/digital-signage-devices' && method === 'POST') {
        const created = tv({ id: 2, ...body, key: KEY_1, status: 'offline', idle: null });
        devices = [...devices, created];
        return json({ data: created }, 201);
      }
      if (pathname === '/api/digital-signage-devices/1/rotate-key' && method === 'POST')
        return json({ data: { device: devices[0], key: KEY_2 } });
      return json({ message: 'Nicht gefunden', code: 'NOT_FOUND' }, 404);
    }),
  );
  return {
    calls,
    set devices(next: SignageDevice[]) {
      devices = next;
    },
  };
}

describe('TVs: set-up, new key, idle reason, live states (issue 42)', () => {
  beforeEach(() => {
    setCsrfToken('t');
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('an administrator creates a TV and is shown its sign-in link and QR code once', async () => {
    const user = userEvent.setup();
    const api = fakeApi(['ROLE_ADMIN']);
    renderScreen(<SignageDevices />);
    const form = await screen.findByRole('form', { name: 'Neuer TV' });
    await user.type(within(form).getByLabelText('Name'), 'TV Fenster');
    await user.type(within(form).getByLabelText('Kennung'), 'tv-fenster');
    await user.selectOptions(within(form).getByLabelText('Szene'), 'Theke');
    await user.click(within(form).getByRole('button', { name: 'TV anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'TV einrichten: TV Fenster' });
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'TV Fenster',
      identifier: 'tv-fenster',
      branch: 3,
      scene: 5,
    });
    const link = within(dialog).getByLabelText<HTMLInputElement>('Anmeldelink').value;
    expect(link).toBe(`${window.location.origin}/player/#identifier=tv-fenster&key=${KEY_1}`);
    const qr = await within(dialog).findByRole('img', { name: 'QR-Code zum Anmelden von TV Fenster' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await user.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // the key is nowhere on the screen afterwards
    expect(document.body.innerHTML).not.toContain(KEY_1);
  });

  it('a new key after a confirmation shows the new link once', async () => {
    const user = userEvent.setup();
    fakeApi(['ROLE_ADMIN']);
    renderScreen(<SignageDevices />);
    await user.click(await screen.findByRole('button', { name: 'Schlüssel erneuern: TV Theke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Schlüssel von TV Theke erneuern' });
    await user.click(within(confirm).getByRole('button', { name: 'Schlüssel erneuern' }));
    const dialog = await screen.findByRole('dialog', { name: 'TV einrichten: TV Theke' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Anmeldelink').value).toContain(`key=${KEY_2}`);
    expect(await screen.findByText('Neuer Schlüssel erzeugt: TV Theke ist abgemeldet.')).toBeTruthy();
  });

  it('says why a TV is idle, and shows a command’s state as its event arrives', async () => {
    const api = fakeApi(['ROLE_EMPLOYEE']);
    renderScreen(<SignageDevices />);
    const row = await screen.findByRole('row', { name: /TV Theke/ });
    expect(within(row).getByTestId('display').textContent).toBe('Ruhebildschirm: außerhalb der Einschaltzeiten');
    // staff without administration: no new TV, no key
    expect(screen.queryByRole('form', { name: 'Neuer TV' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Schlüssel/ })).toBeNull();

    act(() => FakeEventSource.last?.onopen?.());
    api.devices = [
      tv({
        idle: null,
        isScreenOn: true,
        command: {
          id: 4,
          type: 'identify',
          scene: null,
          state: 'acknowledged',
          createdAt: meta.createdAt,
          expiresAt: meta.createdAt,
          acknowledgedAt: meta.createdAt,
          finishedAt: null,
          result: null,
        },
      }),
    ];
    expect(FakeEventSource.last?.url).toBe('/api/digital-signage-devices/events');
    act(() => FakeEventSource.last?.emit('device', { device: 1 }));
    await within(row).findByText('Identifizieren: empfangen');
    expect(within(row).getByTestId('display').textContent).toBe('zeigt die Szene');
  });
});

describe('signage screens in German (issue 42 item 5)', () => {
  it('one TV menu entry; the transitions named in German', () => {
    const items = NAV.flatMap((g) => g.items).filter((i) => /devices/.test(i.to) && i.to.includes('signage'));
    expect(items.map((i) => i.to)).toEqual(['/signage/devices']);
    const segments = SIGNAGE_RESOURCES.find((r) => r.name === 'digital-signage-segments');
    const transition = segments?.groups.flatMap((g) => g.fields).find((f) => f.name === 'transition');
    expect(transition && 'options' in transition ? transition.options : null).toEqual([
      { value: 'none', label: 'Ohne' },
      { value: 'fade', label: 'Überblenden' },
      { value: 'slide', label: 'Einschieben' },
    ]);
  });
});
