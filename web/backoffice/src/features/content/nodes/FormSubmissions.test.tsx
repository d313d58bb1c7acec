import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../api/client';
import { NoticeProvider } from '../../../ui/notices';
import { FormSubmissions } from './FormSubmissions';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** a proxy's error page: no message of the server, so the §8 default shows */
const failure = () =>
  new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
const SUBMISSION = {
  id: 7,
  node: 3,
  values: { name: 'Anna Berger', privacy: true },
  createdAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
};

describe("a form's submissions", () => {
  let answers: { list: () => Response; remove: () => Response };
  const calls: string[] = [];
  beforeEach(() => {
    setCsrfToken('t');
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        calls.push(`${method} ${url}`);
        if (url.startsWith('/api/form-submissions?') && method === 'GET') return answers.list();
        if (url === '/api/form-submissions/7' && method === 'DELETE') return answers.remove();
        return json({ data: [] });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const open = () =>
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <NoticeProvider>
          <FormSubmissions node={3} />
        </NoticeProvider>
      </SWRConfig>,
    );

  it("says 'Inhalte konnten nicht geladen werden.' with a retry that loads the list", async () => {
    answers = { list: failure, remove: () => json({ data: null }) };
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Inhalte konnten nicht geladen werden.');
    expect(calls[0]).toContain('node=3');
    answers.list = () => json({ data: [SUBMISSION], meta: { total: 1 } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Anna Berger')).toBeTruthy();
    expect(screen.getByText('Ja')).toBeTruthy();
  }, 30_000);

  it("deletes a submission; a failed delete says 'Inhalt konnte nicht gelöscht werden.' with a retry", async () => {
    let listed = [SUBMISSION];
    answers = { list: () => json({ data: listed, meta: { total: listed.length } }), remove: failure };
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Einsendung löschen' }));
    expect(await screen.findByText('Inhalt konnte nicht gelöscht werden.')).toBeTruthy();
    answers.remove = () => {
      listed = [];
      return new Response(null, { status: 204 });
    };
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Einsendung wurde gelöscht.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Noch keine Einsendungen.')).toBeTruthy());
    expect(calls.filter((c) => c === 'DELETE /api/form-submissions/7')).toHaveLength(2);
  }, 30_000);
});
