import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import { NoticeProvider } from '../../ui/notices';
import BlockEditor from './BlockEditor';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
type Write = { method: string; path: string; body: unknown };

function serve(writes: Write[], refuse?: object, failLoad = false) {
  setCsrfToken('t');
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      writes.push({ method, path: url.pathname, body });
      if (refuse) return json(refuse, 422);
      return json({ data: { id: 9, ...body } }, 201);
    }
    if (url.pathname === '/api/blocks/4')
      return failLoad
        ? json({ message: 'kaputt', code: 'INTERNAL' }, 500)
        : json({ data: { id: 4, identifier: 'anfahrt', type: 'map', isPublic: true, content: { body: '<p>U1</p>' } } });
    return json({ data: [], meta: { total: 0, page: 1, perPage: 50 } });
  });
}

const open = (path: string) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NoticeProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/blocks/:id" element={<BlockEditor />} />
          </Routes>
        </MemoryRouter>
      </NoticeProvider>
    </SWRConfig>,
  );

describe('issue 41: the shared blocks', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('edits a block and sends it back with its content', async () => {
    const writes: Write[] = [];
    serve(writes);
    open('/blocks/4');
    await screen.findByRole('heading', { name: 'Inhaltsblöcke: anfahrt' });
    await userEvent.click(screen.getByLabelText('Öffentlich'));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: '/api/blocks/4',
      body: { identifier: 'anfahrt', type: 'map', isPublic: false, content: { body: '<p>U1</p>' } },
    });
  });

  it("shows the server's German error at the identifier", async () => {
    const message = 'Dieser Wert wird bereits verwendet.';
    serve([], { code: 'VALIDATION_FAILED', message, errors: [{ field: 'identifier', message }] });
    open('/blocks/new');
    await userEvent.type(await screen.findByLabelText('Kennung'), 'anfahrt');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(message, { selector: '.field-error' })).toBeTruthy();
  });

  it('says a failed load in the words of §8', async () => {
    serve([], undefined, true);
    open('/blocks/4');
    expect(await screen.findByText('Inhalte konnten nicht geladen werden.')).toBeTruthy();
  });
});
