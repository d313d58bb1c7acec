import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../api/client';
import { renderScreen } from '../../../test/render-screen';
import RedirectsPage from './RedirectsPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const meta = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const OLD = { id: 4, website: 'presenter', source: '/alt', target: '/projekte', status: 301, ...meta };
const OTHER = { id: 5, website: 'storefront', source: '/aktion', target: '/menu', status: 302, ...meta };
const CHAIN =
  'Unter „/projekte“ gibt es bereits eine Weiterleitung nach „/projekte/haus“. Bitte geben Sie „/projekte/haus“ als Ziel an, damit keine Weiterleitungskette entsteht.';

function open() {
  renderScreen(<RedirectsPage />, '/redirects');
}

describe('redirects screen', () => {
  let rows: Array<typeof OLD>;
  let writes: Array<{ url: string; method: string; body: unknown }>;
  let putAnswer: (body: Record<string, unknown>) => Response;
  beforeEach(() => {
    setCsrfToken('t');
    rows = [OLD, OTHER];
    writes = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        // an administrator (issue 42: staff without the content permission read only)
        if (url === '/api/users/me') return json({ data: { id: 1, username: 'admin', roles: ['ROLE_ADMIN'] } });
        if (method === 'GET' && url.startsWith('/api/redirects?'))
          return json({ data: rows, meta: { page: 1, perPage: 50, total: rows.length } });
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
        writes.push({ url, method, body });
        if (method === 'PUT' && url === '/api/redirects/4') return putAnswer(body ?? {});
        if (method === 'DELETE' && url === '/api/redirects/5') {
          rows = rows.filter((r) => r.id !== 5);
          return new Response(null, { status: 204 });
        }
        return json({ message: 'unerwartet' }, 500);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("edits a redirect: the server's chain message at the target, then the saved change and the redirects it shortened", async () => {
    putAnswer = (body) =>
      body.target === '/projekte'
        ? json({ message: CHAIN, code: 'VALIDATION_FAILED', errors: [{ field: 'target', message: CHAIN }] }, 422)
        : json({ data: { ...OLD, ...body, shortened: ['/aelter', '/ganz-alt'] } });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Bearbeiten: /alt' }));
    const dialog = screen.getByRole('dialog', { name: 'Redirect bearbeiten' });
    expect((within(dialog).getByLabelText('Alter Pfad *') as HTMLInputElement).value).toBe('/alt');
    expect((within(dialog).getByLabelText('Website') as HTMLSelectElement).value).toBe('presenter');
    await userEvent.selectOptions(within(dialog).getByLabelText('Statuscode'), '302');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    // refused: the message sits at the target field, which is marked invalid; the dialog stays open
    const target = within(dialog).getByLabelText('Ziel (Pfad oder URL) *');
    await waitFor(() => expect(target.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(target.getAttribute('aria-describedby') ?? '')?.textContent).toBe(CHAIN);
    expect(writes[0]).toEqual({
      url: '/api/redirects/4',
      method: 'PUT',
      body: { website: 'presenter', source: '/alt', target: '/projekte', status: 302 },
    });

    // entering the final target as the message says saves it; the confirmation names the shortened redirects
    await userEvent.clear(target);
    await userEvent.type(target, '/projekte/haus');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText(
        'Redirect wurde gespeichert. Damit keine Kette entsteht, führen diese Redirects jetzt direkt nach „/projekte/haus“: /aelter, /ganz-alt.',
      ),
    ).toBeTruthy();
    expect(writes[1]?.body).toEqual({ website: 'presenter', source: '/alt', target: '/projekte/haus', status: 302 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a save that shortened nothing is confirmed plainly', async () => {
    putAnswer = (body) => json({ data: { ...OLD, ...body } });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Bearbeiten: /alt' }));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Redirect wurde gespeichert.')).toBeTruthy();
  });

  it('deletes a redirect after asking, and the list no longer shows it', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Löschen: /aktion' }));
    const ask = screen.getByRole('dialog', { name: 'Redirect von „/aktion“ wirklich löschen?' });
    expect(writes).toEqual([]);
    await userEvent.click(within(ask).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Redirect wurde gelöscht.')).toBeTruthy();
    expect(writes).toEqual([{ url: '/api/redirects/5', method: 'DELETE', body: undefined }]);
    await waitFor(() => expect(screen.queryByText('/aktion')).toBeNull());
    expect(screen.getByText('/alt')).toBeTruthy();
  });
});
