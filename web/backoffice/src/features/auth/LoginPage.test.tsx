import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge, verifySolution } from 'altcha-lib';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { LoginPage } from './LoginPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const NO_SESSION = 'Keine Session verfügbar, entweder ist diese abgelaufen oder Cookies sind nicht aktiviert.';

describe('LoginPage', () => {
  let assign: MockInstance<(url: string | URL) => void>;
  beforeEach(() => {
    assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  /** fetch answers: not logged in (users/me), then the given login answer */
  function server(login: Response) {
    return vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        String(url) === '/api/users/me' ? json(401, { code: 'UNAUTHENTICATED', message: '' }) : login,
      );
  }

  it('says that the session is gone after a 401 with reason=session, and returns to the screen after login', async () => {
    window.history.replaceState(null, '', '/backend/login?next=%23%2Fproducts%2F7&reason=session');
    const fetchSpy = server(json(200, { data: { csrfToken: 'token-9', user: { id: 1 } } }));
    render(<LoginPage />);
    expect(screen.getByRole('alert').textContent).toBe(NO_SESSION);
    await userEvent.type(screen.getByLabelText('Benutzername'), 'admin');
    await userEvent.type(screen.getByLabelText('Passwort'), 'geheim');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/backend#/products/7'));
    const login = fetchSpy.mock.calls.find(([url]) => url === '/backend/login')!;
    expect(JSON.parse(String(login[1]!.body))).toEqual({ username: 'admin', password: 'geheim' });
    expect(screen.queryByText(NO_SESSION)).toBeNull();
  });

  it('offers the two-factor code on the form to everyone (the server cannot ask), sends it, and sends an enrolling admin to #/mfa', async () => {
    window.history.replaceState(null, '', '/backend/login');
    const fetchSpy = server(json(200, { data: { csrfToken: 't', user: { id: 1 }, mfaSetupRequired: false } }));
    render(<LoginPage />);
    const codeField = screen.getByLabelText<HTMLInputElement>(
      'Code aus der Authenticator-App oder Wiederherstellungscode',
    );
    expect(codeField.required).toBe(false);
    expect(document.getElementById(codeField.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Nur wenn Sie die Zwei-Faktor-Anmeldung eingerichtet haben.',
    );
    await userEvent.type(screen.getByLabelText('Benutzername'), 'admin');
    await userEvent.type(screen.getByLabelText('Passwort'), 'geheim');
    await userEvent.type(codeField, ' 123456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/backend#/orders'));
    const sent = fetchSpy.mock.calls
      .filter(([url]) => url === '/backend/login')
      .map(([, i]) => JSON.parse(String(i!.body)));
    expect(sent).toEqual([{ username: 'admin', password: 'geheim', code: '123456' }]);

    cleanup();
    assign.mockClear();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      String(url) === '/api/users/me'
        ? json(401, { code: 'UNAUTHENTICATED', message: '' })
        : json(200, { data: { csrfToken: 't', user: { id: 1 }, mfaSetupRequired: true } }),
    );
    render(<LoginPage />);
    await userEvent.type(screen.getByLabelText('Benutzername'), 'admin');
    await userEvent.type(screen.getByLabelText('Passwort'), 'geheim');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/backend#/mfa'));
  });

  it('solves the proof-of-work the server asks for after many failed logins and logs in again with it (X-Altcha)', async () => {
    window.history.replaceState(null, '', '/backend/login');
    const hmacKey = 'test-key-of-the-gateway-0123456789abcdef';
    const challenge = await createChallenge({ hmacKey, maxNumber: 2000 });
    let solving: HTMLElement | undefined;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (String(url) === '/api/users/me') return json(401, { code: 'UNAUTHENTICATED', message: '' });
      if (String(url) === '/backend/login/challenge') {
        // the page says what it is doing while it solves
        solving = await screen.findByRole('status');
        return json(200, { data: challenge });
      }
      const headers = init!.headers as Record<string, string>;
      return headers['X-Altcha']
        ? json(200, { data: { csrfToken: 't', user: { id: 1 } } })
        : json(429, { code: 'CHALLENGE_REQUIRED', message: 'Sicherheitsprüfung', errors: [] });
    });
    render(<LoginPage />);
    await userEvent.type(screen.getByLabelText('Benutzername'), 'admin');
    await userEvent.type(screen.getByLabelText('Passwort'), 'geheim');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/backend#/orders'));
    const logins = fetchSpy.mock.calls.filter(([url]) => url === '/backend/login');
    expect(logins).toHaveLength(2);
    expect(logins[0]![1]!.headers).not.toHaveProperty('X-Altcha');
    expect(JSON.parse(String(logins[1]![1]!.body))).toEqual({ username: 'admin', password: 'geheim' });
    const solution = (logins[1]![1]!.headers as Record<string, string>)['X-Altcha']!;
    expect(await verifySolution(solution, hmacKey)).toBe(true);
    expect(solving!.textContent).toBe('Sicherheitsprüfung läuft …');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks a login link for the two-factor code when the server wants one', async () => {
    window.history.replaceState(null, '', '/backend/login#/link/abcdefghijklmnopqrstuvwxyz');
    const message = 'Bitte geben Sie den Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.';
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init!.body)) as { code?: string };
      return body.code
        ? json(200, { data: { csrfToken: 't', user: { id: 1 } } })
        : json(401, { code: 'MFA_REQUIRED', message, errors: [{ field: 'code', message }] });
    });
    render(<LoginPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await userEvent.type(screen.getByLabelText('Code aus der Authenticator-App oder Wiederherstellungscode'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Mit Link anmelden' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/backend#/orders'));
    expect(JSON.parse(String(fetchSpy.mock.calls.at(-1)![1]!.body))).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz',
      code: '123456',
    });
  });

  it("shows the server's German answer to wrong credentials and stays; no message without a reason", async () => {
    window.history.replaceState(null, '', '/backend/login');
    server(json(401, { code: 'INVALID_CREDENTIALS', message: 'Fehlerhafte Zugangsdaten.' }));
    render(<LoginPage />);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'admin');
    await userEvent.type(screen.getByLabelText('Passwort'), 'falsch');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Fehlerhafte Zugangsdaten.');
    expect(assign).not.toHaveBeenCalled();
  });

  it("goes to the order board after login when next is not one of the app's routes", async () => {
    window.history.replaceState(null, '', '/backend/login?next=https%3A%2F%2Fexample.com');
    server(json(200, { data: { csrfToken: 'token-9', user: { id: 1 } } }));
    render(<LoginPage />);
    await userEvent.type(screen.getByLabelText('Benutzername'), 'admin');
    await userEvent.type(screen.getByLabelText('Passwort'), 'geheim');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/backend#/orders'));
  });
});
