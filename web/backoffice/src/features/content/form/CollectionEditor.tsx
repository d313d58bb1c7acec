import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { BLOCK_TYPES, PAGE_KINDS, type BlockType, type FieldDefinition } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { useContext, useState, type ReactNode } from 'react';
import { moveItem } from '../../../signage/reorder';
import { clipboard } from '../../../ui/clipboard';
import { ContentErrors, FieldError } from './content-errors';
import { defaultsOf, domId, hasErrorsUnder, joinPath, type ContentValue } from './content-values';

const C = contentBuilderTexts.form;
let nextKey = 1;
const newKey = () => `k${nextKey++}`;

/** The clipboard context of a collection's items: blocks go between any bodies, rows between lists of one field. */
const clipContext = (def: FieldDefinition) => (def.blocks ? 'content-block' : `content-item:${def.name}`);

/**
 * A collection (a list of rows of the same fields) or a page body (a list of blocks of the types its page kind
 * allows): add, remove, duplicate, copy to and paste from the clipboard, and reorder by drag and drop (dnd-kit,
 * pointer and keyboard sensors), by Alt+Arrow keys on an item's handle, or by its move buttons.
 */
export function CollectionEditor({
  def,
  value,
  path,
  onChange,
  renderFields,
  itemName,
  addLabel,
}: {
  def: FieldDefinition;
  value: unknown[];
  path: string;
  onChange: (v: unknown) => void;
  /** the generated form's fields of one item (ContentFields, passed in: it renders this editor too) */
  renderFields: (props: {
    fields: readonly FieldDefinition[];
    value: ContentValue;
    path: string;
    onChange: (next: ContentValue) => void;
  }) => ReactNode;
  /** an item's name in its legend, handle and announcements (default '{label} {n}', blocks 'Block {n}: {type}') */
  itemName?: (item: unknown, i: number) => string;
  /** the add button's text (default '{label}: Eintrag hinzufügen') */
  addLabel?: string;
}) {
  const id = domId(path);
  const label = def.label ?? def.name;
  const allowed = def.blocks ? (PAGE_KINDS[def.blocks] as readonly BlockType[]) : [];
  const [blockType, setBlockType] = useState<BlockType | ''>('');
  const [announcement, setAnnouncement] = useState('');
  const [clip, setClip] = useState(() => clipboard.get<ContentValue>(clipContext(def)));
  // stable keys for the rows while they move (the stored rows have no ids of their own); a list replaced from
  // outside (loaded, generated) gets new ones
  const [ownKeys, setKeys] = useState<string[]>(() => value.map(() => newKey()));
  let keys = ownKeys;
  if (ownKeys.length !== value.length) {
    keys = value.map(() => newKey());
    setKeys(keys);
  }
  const errors = useContext(ContentErrors);

  const itemLabel = (item: unknown, i: number) => {
    if (itemName) return itemName(item, i);
    const type = def.blocks ? String((item as ContentValue | null)?.type ?? '') : '';
    return def.blocks
      ? format(C.block, { n: i + 1, type: BLOCK_TYPES[type as BlockType]?.label ?? type })
      : format(C.item, { label, n: i + 1 });
  };
  const fieldsOf = (item: unknown): readonly FieldDefinition[] =>
    def.blocks ? (BLOCK_TYPES[(item as ContentValue).type as BlockType]?.fields ?? []) : (def.fields ?? []);

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
    requestAnimationFrame(() => document.getElementById(`${id}-handle-${key}`)?.focus());
  };
  const insert = (item: unknown, at = value.length) =>
    change([...value.slice(0, at), item, ...value.slice(at)], [...keys.slice(0, at), newKey(), ...keys.slice(at)]);
  const add = () => {
    if (def.blocks) {
      if (!blockType) return;
      insert({ type: blockType, ...defaultsOf(BLOCK_TYPES[blockType].fields) });
    } else insert(defaultsOf(def.fields ?? []));
  };
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
  const pasteAllowed = clip && (!def.blocks || allowed.includes((clip.data as ContentValue | null)?.type as BlockType));

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (key: unknown) => keys.indexOf(String(key)) + 1;
  const named = (key: unknown) => itemLabel(value[position(key) - 1], position(key) - 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => format(C.dragStart, { item: named(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? format(C.dragOver, { item: named(active.id), position: position(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? format(C.dragEnd, { item: named(active.id), position: position(over.id) }) : undefined,
    onDragCancel: ({ active }) => format(C.dragCancel, { item: named(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(position(active.id) - 1, position(over.id) - 1);
  };

  return (
    <fieldset className="field field-collection group" id={id} aria-describedby={`${id}-drag-help`}>
      <legend>
        {label}
        {def.required && <span aria-hidden="true"> *</span>}
      </legend>
      {def.description && <p className="help">{def.description}</p>}
      <p className="help sr-only" id={`${id}-drag-help`}>
        {C.dragHelp}
      </p>
      <FieldError id={id} path={path} />
      {value.length === 0 && <p>{C.empty}</p>}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: C.dragHelp } }}
      >
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <ol className="collection-items">
            {value.map((item, i) => {
              const key = keys[i] ?? String(i);
              const itemPath = joinPath(path, i);
              const fields = fieldsOf(item);
              return (
                <SortableItem
                  key={key}
                  sortKey={key}
                  handleId={`${id}-handle-${key}`}
                  label={itemLabel(item, i)}
                  invalid={hasErrorsUnder(errors, itemPath)}
                  onMove={(delta) => move(i, i + delta)}
                  actions={
                    <>
                      <button type="button" onClick={() => move(i, i - 1)} disabled={i === 0}>
                        {C.moveUp}
                        <span className="sr-only"> ({itemLabel(item, i)})</span>
                      </button>
                      <button type="button" onClick={() => move(i, i + 1)} disabled={i === value.length - 1}>
                        {C.moveDown}
                        <span className="sr-only"> ({itemLabel(item, i)})</span>
                      </button>
                      <button type="button" onClick={() => insert(structuredClone(item), i + 1)}>
                        {C.duplicate}
                        <span className="sr-only"> ({itemLabel(item, i)})</span>
                      </button>
                      <button type="button" onClick={() => copy(item, i)}>
                        {C.copy}
                        <span className="sr-only"> ({itemLabel(item, i)})</span>
                      </button>
                      <button type="button" className="danger" onClick={() => remove(i)}>
                        {C.remove}
                        <span className="sr-only"> ({itemLabel(item, i)})</span>
                      </button>
                    </>
                  }
                >
                  {def.blocks && (
                    <FieldError id={domId(joinPath(itemPath, 'type'))} path={joinPath(itemPath, 'type')} />
                  )}
                  {fields.length === 0 && def.blocks ? (
                    <p className="help">{C.noFields}</p>
                  ) : (
                    renderFields({
                      fields,
                      value: (item as ContentValue | null) ?? {},
                      path: itemPath,
                      onChange: (next) => {
                        const copyOf = [...value];
                        copyOf[i] = def.blocks ? { ...next, type: (item as ContentValue).type } : next;
                        onChange(copyOf);
                      },
                    })
                  )}
                </SortableItem>
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="collection-add">
        {def.blocks && (
          <>
            <label htmlFor={`${id}-type`}>{C.blockType}</label>{' '}
            <select id={`${id}-type`} value={blockType} onChange={(e) => setBlockType(e.target.value as BlockType)}>
              <option value="">{C.none}</option>
              {allowed.map((t) => (
                <option key={t} value={t}>
                  {BLOCK_TYPES[t].label}
                </option>
              ))}
            </select>{' '}
          </>
        )}
        <button type="button" onClick={add} disabled={def.blocks ? !blockType : false}>
          {def.blocks ? C.addBlock : (addLabel ?? format(C.addItem, { label }))}
        </button>
        {pasteAllowed && clip && (
          <button type="button" onClick={() => insert(structuredClone(clip.data))}>
            {format(C.paste, { label: clip.label })}
          </button>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

/** One row: the drag handle (pointer and keyboard), its actions and its fields. */
function SortableItem({
  sortKey,
  handleId,
  label,
  invalid,
  onMove,
  actions,
  children,
}: {
  sortKey: string;
  handleId: string;
  label: string;
  invalid: boolean;
  onMove: (delta: number) => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: sortKey,
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={`collection-item${isDragging ? ' dragging' : ''}`}>
      <fieldset className={invalid ? 'has-error' : undefined}>
        <legend>
          <button
            type="button"
            className="drag-handle"
            id={handleId}
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={format(C.dragHandle, { label })}
            onKeyDown={(e) => {
              // Alt+Arrow moves at once; the other keys go to dnd-kit's keyboard sensor (Space picks up)
              if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
                e.preventDefault();
                onMove(e.key === 'ArrowUp' ? -1 : 1);
                return;
              }
              listeners?.onKeyDown?.(e);
            }}
          >
            <span aria-hidden="true">⠿</span>
          </button>{' '}
          {label}
        </legend>
        <div className="collection-item-actions">{actions}</div>
        {children}
      </fieldset>
    </li>
  );
}
