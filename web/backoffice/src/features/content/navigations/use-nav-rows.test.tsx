import type { NavigationItem } from '@shop/contracts';
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { numbersOf, pathsOf, useNavRows } from './use-nav-rows';

const item = (label: string, children: NavigationItem[] = []): NavigationItem => ({
  type: 'link',
  label,
  target: '/x',
  suffix: '',
  isEnabled: true,
  children,
});
const shape = (items: NavigationItem[]): unknown =>
  items.map((i) => (i.children.length ? { [i.label]: shape(i.children) } : i.label));

/** The hook over a tree held as the editor holds it: each change replaces the tree. */
function rows(initial: NavigationItem[]) {
  return renderHook(() => {
    const [items, setItems] = useState(initial);
    return { items, ...useNavRows(items, setItems) };
  }).result;
}

describe('the navigation editor rows', () => {
  it('names each row by its place and its label, and knows its error path', () => {
    const result = rows([item('A', [item(''), item('A2')]), item('B')]);
    expect(result.current.paths).toEqual(['items.0', 'items.0.children.0', 'items.0.children.1', 'items.1']);
    expect([0, 1, 2, 3].map((i) => result.current.nameOf(i))).toEqual([
      'Eintrag 1: A',
      'Eintrag 1.1',
      'Eintrag 1.2: A2',
      'Eintrag 2: B',
    ]);
  });

  it('adds a row and a child, changes one, removes one with its children', () => {
    const result = rows([item('A'), item('B')]);
    act(() => result.current.addChild(0));
    act(() => result.current.update(1, { label: 'A1' }));
    act(() => result.current.add());
    expect(shape(result.current.items)).toEqual([{ A: ['A1'] }, 'B', '']);
    expect(result.current.items[2]).toEqual({
      type: 'site',
      label: '',
      target: null,
      suffix: '',
      isEnabled: true,
      children: [],
    });
    act(() => result.current.remove(0));
    expect(shape(result.current.items)).toEqual(['B', '']);
  });

  it('moves by Alt+Arrow keys among siblings and in and out of the row above, and announces the new place', () => {
    const result = rows([item('A'), item('B'), item('C')]);
    act(() => result.current.onKey(2, 'ArrowUp'));
    expect(shape(result.current.items)).toEqual(['A', 'C', 'B']);
    expect(result.current.announcement).toContain('2');
    act(() => result.current.onKey(1, 'ArrowRight'));
    expect(shape(result.current.items)).toEqual([{ A: ['C'] }, 'B']);
    act(() => result.current.onKey(1, 'ArrowLeft'));
    expect(shape(result.current.items)).toEqual(['A', 'C', 'B']);
  });

  it('drops a dragged row at another place, nested by the distance dragged right, never into its own subtree', () => {
    const result = rows([item('A', [item('A1')]), item('B')]);
    const keyOf = (i: number) => result.current.rows[i]?.key ?? '';
    act(() => result.current.drop(0, 1, 0, keyOf(0)));
    expect(shape(result.current.items)).toEqual([{ A: ['A1'] }, 'B']);
    act(() => result.current.drop(2, 2, 1, keyOf(2)));
    expect(shape(result.current.items)).toEqual([{ A: ['A1', 'B'] }]);
  });

  it('numbers rows by their place in the tree', () => {
    const flat = [0, 1, 1, 2, 0].map((depth, i) => ({ key: String(i), depth, item: item('') }));
    expect(numbersOf(flat)).toEqual(['1', '1.1', '1.2', '1.2.1', '2']);
    expect(pathsOf([item('A', [item('A1', [item('x')])])])).toEqual([
      'items.0',
      'items.0.children.0',
      'items.0.children.0.children.0',
    ]);
  });
});
