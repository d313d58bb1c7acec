import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PagedList, PairTable, TableHead, type Column } from './DataTable';

type Row = { id: number; name: string };
const COLUMNS: Column<Row>[] = [
  { label: 'Name', cell: (r) => r.name },
  { label: 'Aktionen', actions: true, cell: (r) => <button type="button">Löschen {r.name}</button> },
];

function inRouter(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/list'] });
  return render(<RouterProvider router={router} />);
}

describe('the back office tables', () => {
  afterEach(cleanup);

  it('head columns (scope col), a heading may be a name for screen readers only', () => {
    render(
      <table>
        <TableHead headings={['Benutzer', <span className="sr-only">Aktionen</span>]} />
      </table>,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => [h.textContent, h.getAttribute('scope')])).toEqual([
      ['Benutzer', 'col'],
      ['Aktionen', 'col'],
    ]);
    expect(headers[1].querySelector('.sr-only')).not.toBeNull();
  });

  it('lists pairs, with the keys as row headers and the values classed where asked', () => {
    render(
      <PairTable
        headings={['Schlüssel', 'Wert']}
        pairs={[
          { key: 'orderId', name: 'orderId', value: 5 },
          { key: 'code', name: 'code', value: 'X' },
        ]}
        rowHeaders
        valueClass="num"
      />,
    );
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['orderId', 'code']);
    const cells = screen.getAllByRole('cell');
    expect(cells.map((c) => [c.textContent, c.className])).toEqual([
      ['5', 'num'],
      ['X', 'num'],
    ]);
  });

  it("labels a row's cells for narrow screens, its actions cell as the row's actions", () => {
    inRouter(
      <PagedList
        list={{ noun: 'images', data: { data: [{ id: 1, name: 'Haus' }] }, error: undefined, mutate: vi.fn() }}
        columns={COLUMNS}
        empty="Keine Bilder."
      />,
    );
    const [name, actions] = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
    expect(name.getAttribute('data-label')).toBe('Name');
    expect(actions.getAttribute('data-label')).toBeNull();
    expect(actions.className).toBe('row-actions');
    expect(screen.queryByText('Keine Bilder.')).toBeNull();
  });

  it('says that the page loads, then the load error with a retry', () => {
    const mutate = vi.fn();
    const { unmount } = inRouter(
      <PagedList<Row> list={{ noun: 'images', error: undefined, mutate }} columns={COLUMNS} empty="–" />,
    );
    expect(screen.getByRole('status').textContent).toBe('Wird geladen …');
    unmount();
    inRouter(<PagedList<Row> list={{ noun: 'images', error: new Error('weg'), mutate }} columns={COLUMNS} empty="–" />);
    expect(screen.getByRole('alert').textContent).toContain('Bilder konnten nicht geladen werden.');
    screen.getByRole('button').click();
    expect(mutate).toHaveBeenCalled();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
