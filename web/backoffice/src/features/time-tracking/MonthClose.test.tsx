import type { MonthClose } from '@shop/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import { MonthClosePanel } from './MonthClose';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const admin = { id: 1, username: 'admin' };
const closed = (reopened = false): MonthClose => ({
  branch: 1,
  month: '2026-11',
  closed: !reopened,
  closedAt: reopened ? null : '2026-12-01T09:00:00.000Z',
  closedBy: reopened ? null : admin,
  history: [
    { action: 'closed', at: '2026-12-01T09:00:00.000Z', by: admin, reason: null },
    ...(reopened
      ? [
          {
            action: 'reopened' as const,
            at: '2026-12-02T09:00:00.000Z',
            by: admin,
            reason: 'Krankenstand nachgetragen',
          },
        ]
      : []),
  ],
});
type Write = { method: string; path: string; body: unknown };

function serve(writes: Write[], refuse?: object) {
  setCsrfToken('t');
  let state: MonthClose[] = [];
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      writes.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (refuse) return json(refuse, 409);
      state = [url.pathname.endsWith('/reopen') ? closed(true) : closed()];
      return json({ data: state[0] }, 200);
    }
    return json({ data: state });
  });
}

const open = (exported: boolean) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MonthClosePanel branch={1} month="2026-11" exported={exported} onChanged={() => undefined} />
    </SWRConfig>,
  );

describe('issue 41: the month close', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('closes only after the export, shows who closed it, and reopens with the reason', async () => {
    const writes: Write[] = [];
    serve(writes);
    const view = open(false);
    const close = await screen.findByRole('button', { name: 'Monat abschließen' });
    expect((close as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Bitte laden Sie den Export des Monats herunter/)).toBeTruthy();
    view.rerender(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MonthClosePanel branch={1} month="2026-11" exported onChanged={() => undefined} />
      </SWRConfig>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Monat abschließen' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/time-sheets/month-closes',
      body: { branch: 1, month: '2026-11' },
    });
    expect((await screen.findByTestId('month-state')).textContent).toMatch(/Abgeschlossen.*von admin/);

    await userEvent.type(screen.getByLabelText('Grund'), 'Krankenstand nachgetragen');
    await userEvent.click(screen.getByRole('button', { name: 'Monat wiedereröffnen' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]!.body).toEqual({ branch: 1, month: '2026-11', reason: 'Krankenstand nachgetragen' });
    await waitFor(() => expect(screen.getByTestId('month-state').textContent).toBe('Offen'));
    expect(screen.getByRole('list', { name: 'Verlauf des Monatsabschlusses' }).textContent).toContain(
      'Krankenstand nachgetragen',
    );
  });

  it("shows the service's German refusal", async () => {
    const message = 'Im Monat 2026-11 läuft noch eine Aktivität. Bitte beenden oder korrigieren Sie sie zuerst.';
    serve([], { code: 'CONFLICT', message });
    open(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Monat abschließen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});
