import { BLOCK_TYPES, PAGE_KINDS, type BlockType, type FieldDefinition } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { useState } from 'react';
import type { ClipboardItem } from '../../../ui/clipboard';
import { defaultsOf, type ContentValue } from './content-values';
import { ItemButtons } from './sortable-tools';
import { Options } from '../../../ui/Options';

const C = contentBuilderTexts.form;

/**
 * Adding to a collection: a row of its fields' defaults, or a block of a type the page kind allows (chosen first);
 * and pasting the item on the clipboard where it fits.
 */
export function CollectionAdd({
  def,
  id,
  addLabel,
  clip,
  onAdd,
}: {
  def: FieldDefinition;
  id: string;
  addLabel?: string;
  clip: ClipboardItem<ContentValue> | null;
  onAdd: (item: unknown) => void;
}) {
  const [blockType, setBlockType] = useState<BlockType | ''>('');
  const allowed = def.blocks ? (PAGE_KINDS[def.blocks] as readonly BlockType[]) : [];
  const pasteAllowed = clip && (!def.blocks || allowed.includes((clip.data as ContentValue | null)?.type as BlockType));
  const add = () => {
    if (def.blocks) {
      if (!blockType) return;
      onAdd({ type: blockType, ...defaultsOf(BLOCK_TYPES[blockType].fields) });
    } else onAdd(defaultsOf(def.fields ?? []));
  };
  return (
    <div className="collection-add">
      {def.blocks && (
        <>
          <label htmlFor={`${id}-type`}>{C.blockType}</label>{' '}
          <select id={`${id}-type`} value={blockType} onChange={(e) => setBlockType(e.target.value as BlockType)}>
            <option value="">{C.none}</option>
            <Options choices={allowed.map((t) => ({ value: t, label: BLOCK_TYPES[t].label }))} />
          </select>{' '}
        </>
      )}
      <button type="button" onClick={add} disabled={def.blocks ? !blockType : false}>
        {def.blocks ? C.addBlock : (addLabel ?? format(C.addItem, { label: def.label ?? def.name }))}
      </button>
      {pasteAllowed && clip && (
        <button type="button" onClick={() => onAdd(structuredClone(clip.data))}>
          {format(C.paste, { label: clip.label })}
        </button>
      )}
    </div>
  );
}

/** An item's buttons: move up and down, duplicate, copy to the clipboard, remove. */
export function ItemActions({
  name,
  first,
  last,
  onMove,
  onDuplicate,
  onCopy,
  onRemove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (delta: number) => void;
  onDuplicate: () => void;
  onCopy: () => void;
  onRemove: () => void;
}) {
  return (
    <ItemButtons
      item={name}
      actions={[
        { label: C.moveUp, onClick: () => onMove(-1), disabled: first },
        { label: C.moveDown, onClick: () => onMove(1), disabled: last },
        { label: C.duplicate, onClick: onDuplicate },
        { label: C.copy, onClick: onCopy },
        { label: C.remove, onClick: onRemove, danger: true },
      ]}
    />
  );
}
