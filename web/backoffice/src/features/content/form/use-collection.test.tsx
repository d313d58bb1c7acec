import type { FieldDefinition } from '@shop/contracts';
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clipboard } from '../../../ui/clipboard';
import { itemLabelOf, useCollection } from './use-collection';

const ROWS: FieldDefinition = { name: 'facts', type: 'collection', label: 'Fakten', fields: [] };
const BODY: FieldDefinition = { name: 'body', type: 'collection', label: 'Inhalt', blocks: 'home' };

function collection(def: FieldDefinition, initial: unknown[]) {
  return renderHook(() => {
    const [value, setValue] = useState(initial);
    const itemLabel = itemLabelOf(def);
    return {
      value,
      ...useCollection(
        def,
        value,
        (v) => setValue(v as unknown[]),
        itemLabel,
        (k) => `h-${k}`,
      ),
    };
  }).result;
}

describe("a collection's rows", () => {
  beforeEach(() => sessionStorage.clear());

  it('names rows by the field, blocks by number and type, or as the field says', () => {
    expect(itemLabelOf(ROWS)({}, 1)).toBe('Fakten 2');
    expect(itemLabelOf(BODY)({ type: 'text_field' }, 0)).toMatch(/^Block 1: /);
    expect(itemLabelOf(ROWS, (_, i) => `Feld ${i}`)({}, 3)).toBe('Feld 3');
  });

  it('keeps each row its key while rows move, are inserted and removed', () => {
    const result = collection(ROWS, ['a', 'b', 'c']);
    const [ka, kb, kc] = result.current.keys;
    act(() => result.current.move(0, 2));
    expect(result.current.value).toEqual(['b', 'c', 'a']);
    expect(result.current.keys).toEqual([kb, kc, ka]);
    expect(result.current.announcement).toContain('3');
    act(() => result.current.insert('x', 1));
    expect(result.current.value).toEqual(['b', 'x', 'c', 'a']);
    expect(result.current.keys.filter((k) => ![ka, kb, kc].includes(k))).toHaveLength(1);
    act(() => result.current.remove(0));
    expect(result.current.value).toEqual(['x', 'c', 'a']);
    expect(result.current.keys.slice(1)).toEqual([kc, ka]);
  });

  it('ignores a move out of the list', () => {
    const result = collection(ROWS, ['a', 'b']);
    act(() => result.current.move(0, -1));
    act(() => result.current.move(1, 2));
    expect(result.current.value).toEqual(['a', 'b']);
  });

  it('copies a row to the clipboard of its field, which the collection then offers to paste', () => {
    const result = collection(ROWS, [{ text: 'eins' }]);
    expect(result.current.clip).toBeNull();
    act(() => result.current.copy({ text: 'eins' }, 0));
    expect(result.current.clip?.data).toEqual({ text: 'eins' });
    expect(clipboard.get('content-item:facts')?.label).toBe('Fakten 1');
  });
});
