import { LogListQuery } from '@shop/contracts';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appliedFilters, Filter, filterSchema, PeriodFilter, SelectFilter, useFilterForm } from './filter-form';

const NAMES = ['level', 'search', 'from'] as const;
const SCHEMA = filterSchema(LogListQuery, NAMES, ['from']);

function Filters() {
  const { form, onSubmit } = useFilterForm(SCHEMA, NAMES);
  const [params] = useSearchParams();
  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label="Filter">
      <Filter id="level" label="Stufe">
        <input id="level" {...form.register('level')} />
      </Filter>
      <Filter id="search" label="Suche">
        <input id="search" {...form.register('search')} />
      </Filter>
      <button type="submit">Anwenden</button>
      <output>{params.toString()}</output>
    </form>
  );
}

describe('filter forms (useFilterForm)', () => {
  afterEach(cleanup);

  it('puts the filters in the address, trimmed and without the empty ones, and follows the address back', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Filters /> }], { initialEntries: ['/logs?page=3'] });
    render(<RouterProvider router={router} />);
    await userEvent.type(screen.getByLabelText('Suche'), '  Drucker ');
    await userEvent.click(screen.getByRole('button', { name: 'Anwenden' }));
    // the page is left out: a changed filter starts at page 1
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('search=Drucker'));
    // the form follows the address once the page has rendered it (an effect after that render)
    await waitFor(() => expect((screen.getByLabelText('Suche') as HTMLInputElement).value).toBe('Drucker'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect((screen.getByLabelText('Suche') as HTMLInputElement).value).toBe(''));
  });

  it("checks each filter with the query contract, '' for none and the local ones as any text", () => {
    expect(SCHEMA.safeParse({ level: '', search: '', from: '' }).success).toBe(true);
    expect(SCHEMA.safeParse({ level: 'error', search: 'x', from: '2026-12-06T10:00' }).success).toBe(true);
    expect(SCHEMA.safeParse({ level: 'loud', search: '', from: '' }).success).toBe(false);
  });

  it('leaves out empty and blank filters', () => {
    expect(appliedFilters({ a: ' x ', b: '', c: '  ', d: undefined })).toEqual({ a: 'x' });
  });

  it("labels a filter bar's choice (none first) and the two ends of its period, each with its own props", () => {
    const onChange = vi.fn();
    render(
      <>
        <SelectFilter
          id="f-level"
          label="Stufe"
          any="Alle Stufen"
          choices={[{ value: 'error', label: 'Fehler' }]}
          value="error"
          onChange={onChange}
        />
        <PeriodFilter
          id="f"
          type="date"
          labels={['Von', 'Bis']}
          inputs={(end) => ({ defaultValue: end === 'from' ? '2026-01-01' : '2026-01-31', name: end })}
        />
      </>,
    );
    const select = screen.getByLabelText('Stufe') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Alle Stufen', 'Fehler']);
    expect(select.value).toBe('error');
    const from = screen.getByLabelText('Von') as HTMLInputElement;
    const to = screen.getByLabelText('Bis') as HTMLInputElement;
    expect([from.id, from.type, from.value, from.name]).toEqual(['f-from', 'date', '2026-01-01', 'from']);
    expect([to.id, to.type, to.value, to.name]).toEqual(['f-to', 'date', '2026-01-31', 'to']);
  });
});
