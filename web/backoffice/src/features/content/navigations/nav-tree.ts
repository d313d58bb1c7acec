import type { NavigationItem } from '@shop/contracts';

/** An item of the tree as one row of the flat list the editor shows: the item without children, its depth. */
export interface FlatItem {
  key: string;
  depth: number;
  item: Omit<NavigationItem, 'children'>;
}

/** The tree as rows in reading order (each item, then its children). */
export function flatten(items: readonly NavigationItem[], keys: () => string, depth = 0): FlatItem[] {
  return items.flatMap(({ children, ...item }) => [
    { key: keys(), depth, item },
    ...flatten(children ?? [], keys, depth + 1),
  ]);
}

/** The rows back into a tree: a row deeper than the one before becomes its child (at most one level deeper). */
export function build(rows: readonly FlatItem[]): NavigationItem[] {
  const root: NavigationItem[] = [];
  const stack: NavigationItem[][] = [root];
  for (const row of rows) {
    const depth = Math.min(row.depth, stack.length - 1);
    stack.length = depth + 1;
    const node: NavigationItem = { ...row.item, children: [] };
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- depth < stack.length
    stack[depth]!.push(node);
    stack.push(node.children);
  }
  return root;
}

/** The row and its descendants: [from, end). */
export function subtreeEnd(rows: readonly FlatItem[], from: number): number {
  let end = from + 1;
  while (end < rows.length && (rows[end]?.depth ?? 0) > (rows[from]?.depth ?? 0)) end++;
  return end;
}

/** Depths normalised: the first row at 0, no row more than one level deeper than the one before. */
function normalise(rows: FlatItem[]): FlatItem[] {
  let prev = -1;
  return rows.map((r) => {
    const depth = Math.max(0, Math.min(r.depth, prev + 1));
    prev = depth;
    return depth === r.depth ? r : { ...r, depth };
  });
}

/**
 * Moves the row at `from` with its descendants so that it lands at flat position `to` (the index among the rows
 * without the moved ones) at `depth` (clamped to what the rows around allow); descendants keep their offsets.
 */
export function moveTo(rows: readonly FlatItem[], from: number, to: number, depth: number): FlatItem[] {
  const end = subtreeEnd(rows, from);
  const block = rows.slice(from, end);
  const rest = [...rows.slice(0, from), ...rows.slice(end)];
  const at = Math.max(0, Math.min(rest.length, to));
  const before = rest[at - 1];
  const maxDepth = before ? before.depth + 1 : 0;
  const target = Math.max(0, Math.min(depth, maxDepth));
  const shift = target - (block[0]?.depth ?? 0);
  const moved = block.map((r) => ({ ...r, depth: r.depth + shift }));
  return normalise([...rest.slice(0, at), ...moved, ...rest.slice(at)]);
}

/** The previous or next sibling's place: the row moves with its descendants past its sibling. */
export function moveAmongSiblings(rows: readonly FlatItem[], index: number, delta: -1 | 1): FlatItem[] | null {
  const row = rows[index];
  if (!row) return null;
  if (delta < 0) {
    // the previous sibling: the nearest row above at the same depth, with no shallower row between
    for (let i = index - 1; i >= 0; i--) {
      const d = rows[i]?.depth ?? 0;
      if (d < row.depth) return null;
      if (d === row.depth) return moveTo(rows, index, i, row.depth);
    }
    return null;
  }
  const end = subtreeEnd(rows, index);
  const next = rows[end];
  if (!next || next.depth !== row.depth) return null;
  const nextEnd = subtreeEnd(rows, end);
  // after the next sibling's subtree, counted without the moved rows
  return moveTo(rows, index, nextEnd - (end - index), row.depth);
}

/** Indent under the previous sibling (as its last child) or outdent after the parent. */
export function changeDepth(rows: readonly FlatItem[], index: number, delta: -1 | 1): FlatItem[] | null {
  const row = rows[index];
  if (!row) return null;
  if (delta > 0) {
    const prev = rows[index - 1];
    if (!prev || prev.depth < row.depth) return null;
    return moveTo(rows, index, index, row.depth + 1);
  }
  if (row.depth === 0) return null;
  // after the parent's last descendant
  let parent = index - 1;
  while (parent >= 0 && (rows[parent]?.depth ?? 0) >= row.depth) parent--;
  const parentEnd = subtreeEnd(rows, parent);
  const size = subtreeEnd(rows, index) - index;
  return moveTo(rows, index, parentEnd - size, row.depth - 1);
}
