import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Layout } from '../../app/Layout';
import { NoticeProvider } from '../../ui/notices';
import { LogoutPage } from './LogoutPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Issue 37 item 5: logging out is a POST with the session's CSRF token; a link (GET) ends nothing. */
describe('logout', () => {
  let assign: MockInstance<(url: string | URL) => void>;
  let fetchSpy: MockInstance<typeof fetch>;
  beforeEach(() => {
    assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      if (url === '/api/users/me')
        return json(200, { data: { id: 1, username: 'u', displayName: 'Lukas Gruber', roles: ['ROLE_EMPLOYEE'] } });
      if (url === '/backend/csrf-token') return json(200, { data: { csrfToken: 'token-7' } });
      if (url === '/backend/logout') return json(200, { data: null });
      return json(200, { data: [] });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const render_ = (el: React.ReactNode) =>
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <NoticeProvider>
          <MemoryRouter>{el}</MemoryRouter>
        </NoticeProvider>
      </SWRConfig>,
    );

  /** the logout request as sent: method and CSRF header */
  const sentLogout = () => {
    const call = fetchSpy.mock.calls.find(([url]) => url === '/backend/logout');
    const init = call?.[1];
    return init && { method: init.method, csrf: (init.headers as Record<string, string>)['x-csrf-token'] };
  };

  it("the header's control posts the logout with the CSRF token, then shows the login page", async () => {
    render_(<Layout />);
    const header = await screen.findByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Abmelden' })).toBeNull();
    await userEvent.click(within(header).getByRole('button', { name: 'Abmelden' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/backend/login'));
    expect(sentLogout()).toEqual({ method: 'POST', csrf: 'token-7' });
  });

  it('/backend#/logout (where the link /backend/logout leads) asks before it ends the session', async () => {
    render_(<LogoutPage />);
    expect(screen.getByRole('heading', { name: 'Abmelden' })).toBeTruthy();
    screen.getByText('Möchten Sie sich abmelden?');
    expect(sentLogout()).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Jetzt abmelden' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/backend/login'));
    expect(sentLogout()).toEqual({ method: 'POST', csrf: 'token-7' });
  });
});
