import type { NavigationItem } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { build, changeDepth, flatten, moveAmongSiblings, moveTo, type FlatItem } from './nav-tree';

const item = (label: string, children: NavigationItem[] = []): NavigationItem => ({
  type: 'link',
  label,
  target: '/x',
  suffix: '',
  isEnabled: true,
  children,
});
let n = 0;
const rowsOf = (items: NavigationItem[]) => flatten(items, () => `k${n++}`);
const shape = (items: NavigationItem[]): unknown =>
  items.map((i) => (i.children.length ? { [i.label]: shape(i.children) } : i.label));
const treeOf = (rows: FlatItem[] | null) => shape(build(rows ?? []));

const TREE = [item('A', [item('A1'), item('A2')]), item('B'), item('C', [item('C1')])];

describe('navigation tree operations', () => {
  it('flattens and builds back the same tree', () => {
    expect(treeOf(rowsOf(TREE))).toEqual([{ A: ['A1', 'A2'] }, 'B', { C: ['C1'] }]);
  });

  it('moves an item with its children among its siblings', () => {
    const rows = rowsOf(TREE);
    expect(treeOf(moveAmongSiblings(rows, 0, 1))).toEqual(['B', { A: ['A1', 'A2'] }, { C: ['C1'] }]);
    expect(treeOf(moveAmongSiblings(rows, 4, -1))).toEqual([{ A: ['A1', 'A2'] }, { C: ['C1'] }, 'B']);
    expect(treeOf(moveAmongSiblings(rows, 2, -1))).toEqual([{ A: ['A2', 'A1'] }, 'B', { C: ['C1'] }]);
    // no sibling beyond the first and the last child
    expect(moveAmongSiblings(rows, 1, -1)).toBeNull();
    expect(moveAmongSiblings(rows, 2, 1)).toBeNull();
  });

  it('indents under the previous sibling and outdents after the parent', () => {
    const rows = rowsOf(TREE);
    expect(treeOf(changeDepth(rows, 3, 1))).toEqual([{ A: ['A1', 'A2', 'B'] }, { C: ['C1'] }]);
    expect(treeOf(changeDepth(rows, 1, -1))).toEqual([{ A: ['A2'] }, 'A1', 'B', { C: ['C1'] }]);
    // the first item and the first child cannot be indented; top-level items cannot be outdented
    expect(changeDepth(rows, 0, 1)).toBeNull();
    expect(changeDepth(rows, 1, 1)).toBeNull();
    expect(changeDepth(rows, 3, -1)).toBeNull();
  });

  it('drops a dragged item at a position and depth the neighbours allow', () => {
    const rows = rowsOf(TREE);
    // B dragged one level right: A's third child; far right: A2's child (at most one deeper than the row above)
    expect(treeOf(moveTo(rows, 3, 3, 1))).toEqual([{ A: ['A1', 'A2', 'B'] }, { C: ['C1'] }]);
    expect(treeOf(moveTo(rows, 3, 3, 5))).toEqual([{ A: ['A1', { A2: ['B'] }] }, { C: ['C1'] }]);
    // C dragged above A: its child comes along
    expect(treeOf(moveTo(rows, 4, 0, 0))).toEqual([{ C: ['C1'] }, { A: ['A1', 'A2'] }, 'B']);
    // A (with its children) dragged to the end at depth 0
    expect(treeOf(moveTo(rows, 0, 3, 0))).toEqual(['B', { C: ['C1'] }, { A: ['A1', 'A2'] }]);
  });
});
