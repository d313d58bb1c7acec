import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import AccessTokensPage from './AccessTokensPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const USERS = [
  { id: 2, username: 'mitarbeiter' },
  { id: 3, username: 'aushilfe' },
];

describe('issue 19: access codes for the terminals (the contract AccessTokenIssueInput)', () => {
  let posts: unknown[];
  let answer: () => Response;
  beforeEach(() => {
    setCsrfToken('t');
    posts = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return answer();
        }
        if (url === '/api/users') return json({ data: USERS, meta: { total: 2, page: 1, perPage: 50 } });
        return json({ data: [] });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  function open() {
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AccessTokensPage />
      </SWRConfig>,
    );
  }

  it('issues a code for the chosen user with their username and shows it once', async () => {
    const user = userEvent.setup();
    answer = () => json({ data: { id: 9, user: 3, username: 'aushilfe', token: '4711', revokedAt: null } });
    open();
    await screen.findByRole('option', { name: 'aushilfe' });
    await user.selectOptions(screen.getByLabelText('Benutzer'), 'aushilfe');
    await user.click(screen.getByRole('button', { name: 'Code ausstellen' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Der Code für aushilfe lautet 4711. Er wird nur jetzt angezeigt.',
    );
    expect(posts).toEqual([{ user: 3, username: 'aushilfe' }]);
  });

  it("shows the server's German message above the form and its field error at the user", async () => {
    const user = userEvent.setup();
    const message = 'Dieser Wert ist ungültig.';
    answer = () => json({ message, code: 'VALIDATION', errors: [{ field: 'user', message }] }, 422);
    open();
    await screen.findByRole('option', { name: 'mitarbeiter' });
    await user.selectOptions(screen.getByLabelText('Benutzer'), 'mitarbeiter');
    await user.click(screen.getByRole('button', { name: 'Code ausstellen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await waitFor(() => expect(screen.getByLabelText('Benutzer').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('token-user-error')?.textContent).toBe(message);
    expect(posts).toEqual([{ user: 2, username: 'mitarbeiter' }]);
  });
});
