import type { CorrectionRequest } from '@shop/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import { NoticeProvider } from '../../ui/notices';
import { CorrectionRequests } from './CorrectionRequests';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const snapshot = (end: string | null) => ({
  user: 2,
  branch: 1,
  project: null,
  task: null,
  kind: 'work' as const,
  start: '2026-11-03T07:00:00.000Z',
  end,
  pauses: [],
  note: null,
  halfDay: false,
});
const request: CorrectionRequest = {
  id: 5,
  status: 'pending',
  action: 'update',
  activity: 7,
  user: 2,
  branch: 1,
  reason: 'Ausstempeln vergessen',
  requestedBy: { id: 2, username: 'mitarbeiter' },
  requestedAt: '2026-11-04T08:00:00.000Z',
  before: snapshot(null),
  proposed: snapshot('2026-11-03T15:30:00.000Z'),
  endsNextDay: false,
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
};
type Write = { method: string; path: string; body: unknown };

function serve(writes: Write[], refuse?: object) {
  setCsrfToken('t');
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      writes.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (refuse) return json(refuse, 422);
      return json({ data: { ...request, status: 'approved' } });
    }
    return json({ data: writes.length ? [] : [request], meta: { total: 1, page: 1, perPage: 50 } });
  });
}

const open = (manager: boolean, ownId: number, onDecided = () => undefined) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NoticeProvider>
        <CorrectionRequests
          manager={manager}
          ownId={ownId}
          branch={undefined}
          staff={[{ id: 2, username: 'mitarbeiter', displayName: 'Lukas Gruber' } as never]}
          zoneOf={() => 'Europe/Vienna'}
          onDecided={onDecided}
        />
      </NoticeProvider>
    </SWRConfig>,
  );

describe('issue 41: correction requests', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('a manager sees what was asked for and approves it; the activities reload', async () => {
    const writes: Write[] = [];
    const decided = vi.fn();
    serve(writes);
    open(true, 1, decided);
    const item = await screen.findByTestId('request-5');
    expect(item.textContent).toContain('Ausstempeln vergessen');
    expect(item.textContent).toContain('03.11.2026 08:00–16:30 Arbeit');
    await userEvent.click(within(item).getByRole('button', { name: 'Genehmigen' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/time-tracking/correction-requests/5/approve',
      body: { note: null },
    });
    await waitFor(() => expect(decided).toHaveBeenCalled());
  });

  it("a rejection without a note shows the service's German reason", async () => {
    const message = 'Bitte begründen Sie die Ablehnung.';
    serve([], { code: 'VALIDATION_FAILED', message, errors: [{ field: 'note', message }] });
    open(true, 1);
    await userEvent.click(within(await screen.findByTestId('request-5')).getByRole('button', { name: 'Ablehnen' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('the employee who asked may withdraw it, not decide it', async () => {
    const writes: Write[] = [];
    serve(writes);
    open(false, 2);
    const item = await screen.findByTestId('request-5');
    expect(within(item).queryByRole('button', { name: 'Genehmigen' })).toBeNull();
    await userEvent.click(within(item).getByRole('button', { name: 'Zurückziehen' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.path).toBe('/api/time-tracking/correction-requests/5/withdraw');
  });
});
