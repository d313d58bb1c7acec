import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../api/client';
import { renderScreen } from '../test/render-screen';
import { PagedList } from './DataTable';
import { usePagedList } from './resource-state';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A list screen as the media screens build it: the page of the address, each row with its delete. */
function Uploads() {
  const uploads = usePagedList('uploads', { page: '2', perPage: 50 }, 'Upload wurde gelöscht.');
  return (
    <>
      <PagedList
        list={uploads}
        empty="Keine Uploads."
        columns={[
          { label: 'Name', cell: (u) => u.originalName },
          { label: 'Aktionen', actions: true, cell: (u) => uploads.deleting.button(u, u.originalName ?? '') },
        ]}
      />
      {uploads.deleting.dialog((u) => `„${u.originalName}“ löschen?`)}
    </>
  );
}

describe('a list screen of a resource (usePagedList)', () => {
  let rows: Array<{ id: number; originalName: string }>;
  let calls: string[];
  beforeEach(() => {
    setCsrfToken('t');
    rows = [
      { id: 7, originalName: 'plan.pdf' },
      { id: 8, originalName: 'foto.jpg' },
    ];
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const call = `${init?.method ?? 'GET'} ${String(input)}`;
        calls.push(call);
        if (call === 'GET /api/uploads?page=2&perPage=50')
          return json({ data: rows, meta: { page: 2, perPage: 50, total: 52 } });
        if (call === 'DELETE /api/uploads/8') {
          rows = rows.filter((r) => r.id !== 8);
          return new Response(null, { status: 204 });
        }
        return json({ message: 'unerwartet' }, 500);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads the page with the query as written, and deletes a row by its id after asking, then loads again', async () => {
    renderScreen(<Uploads />, '/media/uploads?page=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Löschen: foto.jpg' }));
    const dialog = screen.getByRole('dialog', { name: '„foto.jpg“ löschen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Upload wurde gelöscht.')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText('foto.jpg')).toBeNull());
    expect(calls).toEqual([
      'GET /api/uploads?page=2&perPage=50',
      'DELETE /api/uploads/8',
      'GET /api/uploads?page=2&perPage=50',
    ]);
  });
});
