import type { NavigationItem } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { useState } from 'react';
import { build, changeDepth, flatten, moveAmongSiblings, moveTo, subtreeEnd, type FlatItem } from './nav-tree';

const N = contentBuilderTexts.navigations;
let nextKey = 1;
const newKey = () => `n${nextKey++}`;

/** The keys Alt moves a row with: up and down among its siblings, right to nest it, left to lift it out. */
export type Arrow = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';
export const ARROWS: readonly Arrow[] = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** The server's error path of each row ('items.0.children.2'), in the order of `flatten`. */
export function pathsOf(items: readonly NavigationItem[], prefix = 'items'): string[] {
  return items.flatMap((it, i) => [`${prefix}.${i}`, ...pathsOf(it.children ?? [], `${prefix}.${i}.children`)]);
}
/** '1.2' for the second child of the first item: how a row is named to screen readers and in labels. */
export function numbersOf(rows: readonly FlatItem[]): string[] {
  const counters: number[] = [];
  return rows.map((r) => {
    counters.length = r.depth + 1;
    counters[r.depth] = (counters[r.depth] ?? 0) + 1;
    return counters.map((c) => c ?? 1).join('.');
  });
}

/** A new item's fields (a site link without target, enabled), without children: rows hold their depth instead. */
function newRow(depth: number): FlatItem {
  return { key: newKey(), depth, item: { type: 'site', label: '', target: null, suffix: '', isEnabled: true } };
}

/**
 * The navigation's items as flat rows with stable keys while they move (a tree replaced from outside gets new
 * ones), each with its error path and name ('Eintrag 1.2: Über uns'); every change is built back into the tree
 * (`onChange`), and a moved row is announced and keeps the focus on its handle.
 */
export function useNavRows(items: NavigationItem[], onChange: (items: NavigationItem[]) => void) {
  const [keys, setKeys] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const flat = flatten(items, () => '');
  let rowKeys = keys;
  if (keys.length !== flat.length) {
    rowKeys = flat.map(() => newKey());
    setKeys(rowKeys);
  }
  const rows: FlatItem[] = flat.map((r, i) => ({ ...r, key: rowKeys[i] ?? String(i) }));
  const paths = pathsOf(items);
  const numbers = numbersOf(rows);
  const nameOf = (i: number) =>
    rows[i]?.item.label
      ? format(N.itemNamed, { path: numbers[i] ?? '', label: rows[i]?.item.label ?? '' })
      : format(N.item, { path: numbers[i] ?? '' });

  const apply = (next: FlatItem[] | null, movedKey?: string) => {
    if (!next) return;
    setKeys(next.map((r) => r.key));
    onChange(build(next));
    if (movedKey) {
      const at = next.findIndex((r) => r.key === movedKey);
      const nums = numbersOf(next);
      const label = next[at]?.item.label || format(N.item, { path: nums[at] ?? '' });
      setAnnouncement(format(N.movedTo, { item: label, place: nums[at] ?? '' }));
      requestAnimationFrame(() => document.getElementById(`nav-handle-${movedKey}`)?.focus());
    }
  };
  const update = (i: number, patch: Partial<FlatItem['item']>) =>
    apply(rows.map((r, j) => (j === i ? { ...r, item: { ...r.item, ...patch } } : r)));
  const remove = (i: number) => apply([...rows.slice(0, i), ...rows.slice(subtreeEnd(rows, i))]);
  const addChild = (i: number) => {
    const end = subtreeEnd(rows, i);
    apply([...rows.slice(0, end), newRow((rows[i]?.depth ?? 0) + 1), ...rows.slice(end)]);
  };
  const add = () => apply([...rows, newRow(0)]);
  const onKey = (i: number, key: Arrow) => {
    const next =
      key === 'ArrowUp'
        ? moveAmongSiblings(rows, i, -1)
        : key === 'ArrowDown'
          ? moveAmongSiblings(rows, i, 1)
          : changeDepth(rows, i, key === 'ArrowRight' ? 1 : -1);
    apply(next, rows[i]?.key);
  };
  /** a drag's end: from one row to another's place, `depthDelta` levels deeper (dragged right) or shallower */
  const drop = (from: number, overIndex: number, depthDelta: number, movedKey: string) => {
    if (from < 0 || overIndex < 0) return;
    const size = subtreeEnd(rows, from) - from;
    // a row cannot go into its own subtree
    if (overIndex > from && overIndex < from + size) return;
    const to = overIndex > from ? overIndex - size + 1 : overIndex;
    const depth = (rows[from]?.depth ?? 0) + depthDelta;
    if (to === from && depth === rows[from]?.depth) return;
    apply(moveTo(rows, from, to, depth), movedKey);
  };
  return { rows, paths, nameOf, announcement, update, remove, addChild, add, onKey, drop };
}
