import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TerminalPage } from './TerminalPage';

const answer = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const state = { user: { id: 2, username: 'mitarbeiter' }, current: null };

function renderTerminal() {
  render(
    <MemoryRouter initialEntries={['/terminal/3/geraete-schluessel']}>
      <Routes>
        <Route path="/terminal/:branch/:deviceKey" element={<TerminalPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
function signIn(code = '12345678') {
  fireEvent.change(screen.getByLabelText('Benutzername'), { target: { value: 'mitarbeiter' } });
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
}
const enabled = () =>
  within(document.querySelector('.time-clock-actions') as HTMLElement)
    .getAllByRole('button')
    .filter((b) => !(b as HTMLButtonElement).disabled)
    .map((b) => b.textContent);

describe('issue 19: the branch terminal', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('a sign-in the server fails without a message: the §8 text and a retry that signs in', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer(500, undefined));
    renderTerminal();
    signIn();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Aktiver Benutzer konnte nicht geladen werden.');
    fetchSpy.mockResolvedValueOnce(answer(200, { data: state }));
    fireEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    await screen.findByText('Hallo mitarbeiter');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(enabled()).toEqual(['Starten']);
    // the device key travels in its header, never in the URL (issue 37)
    const [url, init] = fetchSpy.mock.calls.at(-1)!;
    expect(String(url)).toBe('/api/time-tracking/3/me');
    expect((init as RequestInit).headers).toMatchObject({ 'x-time-tracking-device-key': 'geraete-schluessel' });
  });

  it('a wrong code: the server message, no retry (the same code answers the same)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      answer(401, { code: 'INVALID_CREDENTIALS', message: 'Benutzername oder Code ist ungültig.', errors: [] }),
    );
    renderTerminal();
    signIn('00000000');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Benutzername oder Code ist ungültig.');
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(screen.getByLabelText('Benutzername')).toBeTruthy();
  });

  it('offline: signs in without the server (state unknown, four actions), queues the event, lists it when refused', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderTerminal();
    signIn();
    await screen.findByText('Hallo mitarbeiter');
    expect(screen.getByText(/Keine Verbindung zum Server\. Ihre Buchung wird/)).toBeTruthy();
    expect(document.querySelector('.time-clock-state')?.textContent).toContain(
      'Unbekannt (keine Verbindung zum Server)',
    );
    expect(enabled()).toEqual(['Starten', 'Pausieren', 'Fortsetzen', 'Beenden']);

    fireEvent.click(screen.getByRole('button', { name: 'Beenden' }));
    const confirmation = await screen.findByText('Arbeitsende erfasst.');
    expect(confirmation.closest('.terminal-confirmation')?.textContent).toContain('Gespeichert, noch nicht gesendet');
    expect(screen.getByText('Eine Buchung wartet auf die Verbindung zum Server.')).toBeTruthy();
    const sent = fetchSpy.mock.calls.at(-1)!;
    expect(String(sent[0])).toBe('/api/time-tracking/3/working-activities/end');
    const init = sent[1] as RequestInit;
    expect(init.headers).toMatchObject({
      'x-time-tracking-device-key': 'geraete-schluessel',
      'x-time-tracking-user': 'mitarbeiter',
      'x-time-tracking-token': '12345678',
    });
    const body = JSON.parse(String(init.body)) as { at: string; idempotencyKey: string };
    expect(body.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);

    // online again: the server checks the event and refuses it; the terminal keeps it in view
    fetchSpy.mockReset();
    fetchSpy.mockResolvedValue(
      answer(409, { code: 'CONFLICT', message: 'Es läuft keine Aktivität, die beendet werden könnte.', errors: [] }),
    );
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    const refused = await screen.findByRole('region', { name: 'Nicht übernommene Buchungen' });
    expect(JSON.parse(String((fetchSpy.mock.calls[0][1] as RequestInit).body))).toEqual(body);
    expect(refused.textContent).toMatch(
      /mitarbeiter: Arbeitsende am \d{2}\.\d{2}\.\d{4} um \d{2}:\d{2} Uhr – Es läuft keine Aktivität, die beendet werden könnte\./,
    );
    expect(screen.queryByText('Eine Buchung wartet auf die Verbindung zum Server.')).toBeNull();
    // still there after the next person's start screen, until dismissed
    fireEvent.click(screen.getByRole('button', { name: 'Fertig' }));
    expect(screen.getByRole('region', { name: 'Nicht übernommene Buchungen' })).toBeTruthy();
    fireEvent.click(within(refused).getByRole('button', { name: 'Ausblenden' }));
    expect(screen.queryByRole('region', { name: 'Nicht übernommene Buchungen' })).toBeNull();
  });

  it('events wait in order: a newer event goes out only after the queued ones', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer(200, { data: state }));
    renderTerminal();
    signIn();
    await screen.findByText('Hallo mitarbeiter');
    fetchSpy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Starten' }));
    await screen.findByText('Eine Buchung wartet auf die Verbindung zum Server.');
    // back online: the queued start first, then the pause
    const running = { ...state, current: { state: 'running', start: new Date().toISOString(), netMinutes: 0 } };
    fetchSpy.mockResolvedValue(answer(200, { data: running }));
    fireEvent.click(screen.getByRole('button', { name: 'Pausieren' }));
    await screen.findByText('Pause begonnen.');
    const actions = fetchSpy.mock.calls.map((c) => String(c[0]).split('/').pop());
    expect(actions).toEqual(['me', 'start', 'start', 'pause']);
    expect(screen.queryByText(/wartet auf die Verbindung/)).toBeNull();
  });
});
