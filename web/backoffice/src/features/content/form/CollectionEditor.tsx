import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { BLOCK_TYPES, type BlockType, type FieldDefinition } from '@shop/contracts';
import { contentBuilderTexts } from '@shop/i18n-de';
import { useContext, type ReactNode } from 'react';
import { CollectionAdd, ItemActions } from './collection-parts';
import { ContentErrors, FieldError } from './content-errors';
import { domId, hasErrorsUnder, joinPath, type ContentValue } from './content-values';
import { DragHandle, dragAnnouncements, useDragSensors } from './sortable-tools';
import { itemLabelOf, useCollection } from './use-collection';

const C = contentBuilderTexts.form;
type RenderFields = (props: {
  fields: readonly FieldDefinition[];
  value: ContentValue;
  path: string;
  onChange: (next: ContentValue) => void;
}) => ReactNode;

/**
 * A collection (a list of rows of the same fields) or a page body (a list of blocks of the types its page kind
 * allows): add, remove, duplicate, copy to and paste from the clipboard, and reorder by drag and drop (dnd-kit,
 * pointer and keyboard sensors), by Alt+Arrow keys on an item's handle, or by its move buttons.
 */
interface CollectionEditorProps {
  def: FieldDefinition;
  value: unknown[];
  path: string;
  onChange: (v: unknown) => void;
  /** the generated form's fields of one item (ContentFields, passed in: it renders this editor too) */
  renderFields: RenderFields;
  /** an item's name in its legend, handle and announcements (default '{label} {n}', blocks 'Block {n}: {type}') */
  itemName?: (item: unknown, i: number) => string;
  /** the add button's text (default '{label}: Eintrag hinzufügen') */
  addLabel?: string;
}

export function CollectionEditor({
  def,
  value,
  path,
  onChange,
  renderFields,
  itemName,
  addLabel,
}: CollectionEditorProps) {
  const id = domId(path);
  const errors = useContext(ContentErrors);
  const itemLabel = itemLabelOf(def, itemName);
  const { keys, announcement, clip, move, insert, remove, copy } = useCollection(
    def,
    value,
    onChange,
    itemLabel,
    (key) => `${id}-handle-${key}`,
  );
  const changeItem = (i: number) => (next: unknown) => {
    const copyOf = [...value];
    copyOf[i] = next;
    onChange(copyOf);
  };

  return (
    <fieldset className="field field-collection group" id={id} aria-describedby={`${id}-drag-help`}>
      <CollectionHead def={def} id={id} path={path} empty={value.length === 0} />
      <SortableList keys={keys} named={(i) => itemLabel(value[i], i)} onMove={move}>
        <ol className="collection-items">
          {value.map((item, i) => {
            const key = keys[i] ?? String(i);
            const itemPath = joinPath(path, i);
            return (
              <SortableItem
                key={key}
                sortKey={key}
                handleId={`${id}-handle-${key}`}
                label={itemLabel(item, i)}
                invalid={hasErrorsUnder(errors, itemPath)}
                onMove={(delta) => move(i, i + delta)}
                actions={
                  <ItemActions
                    name={itemLabel(item, i)}
                    first={i === 0}
                    last={i === value.length - 1}
                    onMove={(delta) => move(i, i + delta)}
                    onDuplicate={() => insert(structuredClone(item), i + 1)}
                    onCopy={() => copy(item, i)}
                    onRemove={() => remove(i)}
                  />
                }
              >
                <ItemFields
                  def={def}
                  item={item}
                  path={itemPath}
                  renderFields={renderFields}
                  onChange={changeItem(i)}
                />
              </SortableItem>
            );
          })}
        </ol>
      </SortableList>
      <CollectionAdd def={def} id={id} addLabel={addLabel} clip={clip} onAdd={(item) => insert(item)} />
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
  const sortable = useSortable({ id: sortKey });
  const { setNodeRef, transform, transition, isDragging } = sortable;
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={`collection-item${isDragging ? ' dragging' : ''}`}>
      <fieldset className={invalid ? 'has-error' : undefined}>
        <legend>
          <DragHandle
            sortable={sortable}
            id={handleId}
            label={label}
            arrows={['ArrowUp', 'ArrowDown']}
            onArrow={(key) => onMove(key === 'ArrowUp' ? -1 : 1)}
          />{' '}
          {label}
        </legend>
        <div className="collection-item-actions">{actions}</div>
        {children}
      </fieldset>
    </li>
  );
}

/** A sortable list: dragged by pointer or keyboard (announced by the items' names), dropped to `onMove`. */
function SortableList({
  keys,
  named,
  onMove,
  children,
}: {
  keys: string[];
  named: (i: number) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useDragSensors();
  const position = (key: unknown) => keys.indexOf(String(key)) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(position(active.id) - 1, position(over.id) - 1);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: dragAnnouncements((key) => named(position(key) - 1), position),
        screenReaderInstructions: { draggable: C.dragHelp },
      }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** An item's fields: a block's by its type (and the type's error), a row's by the collection's fields. */
function ItemFields({
  def,
  item,
  path,
  renderFields,
  onChange,
}: {
  def: FieldDefinition;
  item: unknown;
  path: string;
  renderFields: RenderFields;
  onChange: (next: unknown) => void;
}) {
  const type = (item as ContentValue | null)?.type;
  const fields = def.blocks ? (BLOCK_TYPES[type as BlockType]?.fields ?? []) : (def.fields ?? []);
  return (
    <>
      {def.blocks && <FieldError id={domId(joinPath(path, 'type'))} path={joinPath(path, 'type')} />}
      {fields.length === 0 && def.blocks ? (
        <p className="help">{C.noFields}</p>
      ) : (
        renderFields({
          fields,
          value: (item as ContentValue | null) ?? {},
          path,
          // a block keeps its type whatever its fields do
          onChange: (next) => onChange(def.blocks ? { ...next, type } : next),
        })
      )}
    </>
  );
}

/** The collection's legend, description, drag help, error and, while it has no items, that it is empty. */
function CollectionHead({ def, id, path, empty }: { def: FieldDefinition; id: string; path: string; empty: boolean }) {
  return (
    <>
      <legend>
        {def.label ?? def.name}
        {def.required && <span aria-hidden="true"> *</span>}
      </legend>
      {def.description && <p className="help">{def.description}</p>}
      <p className="help sr-only" id={`${id}-drag-help`}>
        {C.dragHelp}
      </p>
      <FieldError id={id} path={path} />
      {empty && <p>{C.empty}</p>}
    </>
  );
}
