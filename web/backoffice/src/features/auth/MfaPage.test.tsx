import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MfaPage } from './MfaPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const WRONG = 'Der Code ist ungültig oder wurde bereits verwendet.';

describe('MfaPage', () => {
  let assign: MockInstance<(url: string | URL) => void>;
  beforeEach(() => {
    window.history.replaceState(null, '', '/backend#/mfa');
    assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const renderPage = () =>
    render(
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <MfaPage />
      </SWRConfig>,
    );
  /** the server: the given status, a setup, and a wrong first code (422 on `code`) */
  const server = (status: { enabled: boolean; required: boolean; recoveryCodesLeft: number }) =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      switch (String(url)) {
        case '/api/users/me/mfa':
          return json(200, { data: status });
        case '/backend/csrf-token':
          return json(200, { data: { csrfToken: 't' } });
        case '/api/users/me/mfa/setup':
          return json(200, { data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:,' } });
        default:
          return json(422, { code: 'VALIDATION_FAILED', message: WRONG, errors: [{ field: 'code', message: WRONG }] });
      }
    });

  it('shows a wrong first code in German and stays on the page (no trip to the login page)', async () => {
    server({ enabled: false, required: false, recoveryCodesLeft: 0 });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Einrichtung starten' }));
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Code aus der App (6 Ziffern)'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Aktivieren' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Weiter zum Backoffice' }).getAttribute('href')).toBe('/backend#/orders');
  });

  it('links back to the back office once enrolled, but not while an administrator must still enrol', async () => {
    server({ enabled: true, required: true, recoveryCodesLeft: 9 });
    renderPage();
    expect(await screen.findByText(/Verbleibende Wiederherstellungscodes: 9/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Weiter zum Backoffice' })).toBeTruthy();
    cleanup();
    server({ enabled: false, required: true, recoveryCodesLeft: 0 });
    renderPage();
    await screen.findByText(/Bitte richten Sie sie jetzt ein/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Einrichtung starten' })).toBeTruthy());
    expect(screen.queryByRole('link', { name: 'Weiter zum Backoffice' })).toBeNull();
  });
});
