import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRows } from './rows';

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
});
