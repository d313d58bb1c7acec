import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRowEditor, useRows } from './rows';

describe('useRows (the rows of a list field)', () => {
  it('changes, removes and adds rows, each time handing on a new list', () => {
    const onChange = vi.fn();
    const value = [
      { area: 'A', price: 1 },
      { area: 'B', price: 2 },
    ];
    const { result } = renderHook(() => useRows(value, onChange));
    result.current.set(1, { price: 3 });
    result.current.remove(0);
    result.current.add({ area: 'C', price: 0 });
    expect(onChange.mock.calls.map(([rows]) => rows)).toEqual([
      [
        { area: 'A', price: 1 },
        { area: 'B', price: 3 },
      ],
      [{ area: 'B', price: 2 }],
      [...value, { area: 'C', price: 0 }],
    ]);
    // the field's own value stays as it was
    expect(value).toEqual([
      { area: 'A', price: 1 },
      { area: 'B', price: 2 },
    ]);
  });

  it('treats a missing list as empty', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useRows<{ n: number }>(null, onChange));
    expect(result.current.rows).toEqual([]);
    result.current.add({ n: 1 });
    expect(onChange).toHaveBeenCalledWith([{ n: 1 }]);
  });

  it("names each row's cells from the labels, with the ids and the server's errors of the row's keys", () => {
    const onChange = vi.fn();
    const { result } = renderHook(() =>
      useRowEditor(
        { id: 'f-areas', value: [{ area: 'A', price: 1 }], onChange, errors: { '0.price': 'Zu klein.' } },
        { area: 'Gebiet', price: 'Preis' },
      ),
    );
    expect(result.current.cell(0, 'price')).toEqual({
      id: 'f-areas-0-price',
      label: 'Preis',
      n: 1,
      error: 'Zu klein.',
    });
    expect(result.current.cell(0, 'area')).toEqual({ id: 'f-areas-0-area', label: 'Gebiet', n: 1, error: undefined });
  });
});
