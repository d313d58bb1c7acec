import { BLOCK_TYPES, type BlockType, type FieldDefinition } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { useState } from 'react';
import { moveItem } from '../../../signage/reorder';
import { clipboard } from '../../../ui/clipboard';
import type { ContentValue } from './content-values';

const C = contentBuilderTexts.form;
let nextKey = 1;
const newKey = () => `k${nextKey++}`;

/** The clipboard context of a collection's items: blocks go between any bodies, rows between lists of one field. */
export const clipContext = (def: FieldDefinition) => (def.blocks ? 'content-block' : `content-item:${def.name}`);

/** An item's name: given by the field, else '{label} {n}' (blocks 'Block {n}: {type}'). */
export function itemLabelOf(def: FieldDefinition, itemName?: (item: unknown, i: number) => string) {
  const label = def.label ?? def.name;
  return (item: unknown, i: number) => {
    if (itemName) return itemName(item, i);
    const type = def.blocks ? String((item as ContentValue | null)?.type ?? '') : '';
    return def.blocks
      ? format(C.block, { n: i + 1, type: BLOCK_TYPES[type as BlockType]?.label ?? type })
      : format(C.item, { label, n: i + 1 });
  };
}

/**
 * A collection's rows with stable keys while they move (the stored rows have no ids of their own; a list replaced
 * from outside, loaded or generated, gets new ones): move (announced, the handle keeps the focus), insert, remove,
 * and copy to the clipboard.
 */
export function useCollection(
  def: FieldDefinition,
  value: unknown[],
  onChange: (v: unknown) => void,
  itemLabel: (item: unknown, i: number) => string,
  handleId: (key: string | undefined) => string,
) {
  const [announcement, setAnnouncement] = useState('');
  const [clip, setClip] = useState(() => clipboard.get<ContentValue>(clipContext(def)));
  const [ownKeys, setKeys] = useState<string[]>(() => value.map(() => newKey()));
  let keys = ownKeys;
  if (ownKeys.length !== value.length) {
    keys = value.map(() => newKey());
    setKeys(keys);
  }
  const change = (next: unknown[], nextKeys: string[]) => {
    setKeys(nextKeys);
    onChange(next);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length || from === to) return;
    const nextKeys = moveItem(keys, from, to);
    change(moveItem(value, from, to), nextKeys);
    setAnnouncement(format(C.moved, { item: itemLabel(value[from], to), position: to + 1, count: value.length }));
    // the moved item's handle keeps the focus, so Alt+Arrow can be pressed again
    const key = nextKeys[to];
    requestAnimationFrame(() => document.getElementById(handleId(key))?.focus());
  };
  const insert = (item: unknown, at = value.length) =>
    change([...value.slice(0, at), item, ...value.slice(at)], [...keys.slice(0, at), newKey(), ...keys.slice(at)]);
  const remove = (i: number) =>
    change(
      value.filter((_, j) => j !== i),
      keys.filter((_, j) => j !== i),
    );
  const copy = (item: unknown, i: number) => {
    clipboard.add(clipContext(def), itemLabel(item, i), item);
    setClip(clipboard.get(clipContext(def)));
    setAnnouncement(format(C.copied, { label: itemLabel(item, i) }));
  };
  return { keys, announcement, clip, move, insert, remove, copy };
}
