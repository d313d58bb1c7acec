import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  NAVIGATION_ITEM_TYPES,
  type Branch,
  type NavigationItem,
  type NavigationItemType,
  type Site,
} from '@shop/contracts';
import { contentBuilderTexts } from '@shop/i18n-de';
import type { ReactNode } from 'react';
import { FieldError } from '../form/content-errors';
import { domId } from '../form/content-values';
import { DragHandle, dragAnnouncements, ItemButtons, useDragSensors } from '../form/sortable-tools';
import type { FlatItem } from './nav-tree';
import { ARROWS, useNavRows, type Arrow } from './use-nav-rows';
import { byId, labelled, Options } from '../../../ui/Options';

const N = contentBuilderTexts.navigations;
const C = contentBuilderTexts.form;
const INDENT_PX = 32;

/**
 * The navigation's items as a tree (storefront-presenter.md §2.9): type, label, target (a site or branch chosen
 * from the lists, a typed URL for links), suffix, enabled; nested and ordered by drag and drop (dragging right
 * nests under the row above) or with Alt+Arrow keys on a row's handle.
 */
export function NavigationTree({
  items,
  onChange,
  sites,
  branches,
}: {
  items: NavigationItem[];
  onChange: (items: NavigationItem[]) => void;
  sites: Site[];
  branches: Branch[];
}) {
  const { rows, paths, nameOf, announcement, update, remove, addChild, add, onKey, drop } = useNavRows(items, onChange);
  const sensors = useDragSensors();
  const indexOf = (key: unknown) => rows.findIndex((r) => r.key === key);
  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    const from = indexOf(active.id);
    drop(from, over ? indexOf(over.id) : from, Math.round(delta.x / INDENT_PX), String(active.id));
  };

  return (
    <div className="nav-tree">
      <p className="help" id="nav-tree-help">
        {N.treeHelp}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: N.treeHelp },
          announcements: dragAnnouncements(
            (key) => nameOf(indexOf(key)),
            (key) => indexOf(key) + 1,
          ),
        }}
      >
        <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
          <ul className="nav-rows">
            {rows.map((row, i) => (
              <NavRow
                key={row.key}
                row={row}
                name={nameOf(i)}
                onKey={(key) => onKey(i, key)}
                actions={
                  <NavRowActions
                    name={nameOf(i)}
                    onKey={(key) => onKey(i, key)}
                    onAddChild={() => addChild(i)}
                    onRemove={() => remove(i)}
                  />
                }
              >
                <NavRowFields
                  row={row}
                  path={paths[i] ?? `items.${i}`}
                  sites={sites}
                  branches={branches}
                  onUpdate={(patch) => update(i, patch)}
                />
              </NavRow>
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <button type="button" onClick={add}>
        {N.addItem}
      </button>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** One row, indented by its depth: its handle and name, its fields, its buttons. */
function NavRow({
  row,
  name,
  onKey,
  actions,
  children,
}: {
  row: FlatItem;
  name: string;
  onKey: (key: Arrow) => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  const sortable = useSortable({ id: row.key });
  const { setNodeRef, transform, transition, isDragging } = sortable;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, marginLeft: row.depth * INDENT_PX }}
      className={`nav-row${isDragging ? ' dragging' : ''}`}
    >
      <fieldset>
        <legend>
          <DragHandle
            sortable={sortable}
            id={`nav-handle-${row.key}`}
            label={name}
            describedBy="nav-tree-help"
            arrows={ARROWS}
            onArrow={onKey}
          />{' '}
          {name}
        </legend>
        {children}
        {actions}
      </fieldset>
    </li>
  );
}

/** A row's type, label, target (by its type), suffix and enabled state. */
function NavRowFields({
  row,
  path,
  sites,
  branches,
  onUpdate,
}: {
  row: FlatItem;
  path: string;
  sites: Site[];
  branches: Branch[];
  onUpdate: (patch: Partial<FlatItem['item']>) => void;
}) {
  const id = domId(path);
  const { item } = row;
  return (
    <div className="nav-row-fields">
      <span className="field">
        <label htmlFor={`${id}-type`}>{N.type}</label>
        <select
          id={`${id}-type`}
          value={item.type}
          onChange={(e) => onUpdate({ type: e.target.value as NavigationItemType, target: null })}
        >
          <Options choices={labelled(NAVIGATION_ITEM_TYPES, N.types)} />
        </select>
      </span>
      <span className="field">
        <label htmlFor={`${id}-label`}>{N.label}</label>
        <input id={`${id}-label`} value={item.label} onChange={(e) => onUpdate({ label: e.target.value })} />
        <FieldError id={`${id}-label`} path={`${path}.label`} />
      </span>
      <NavTargetField
        item={item}
        id={`${id}-target`}
        path={`${path}.target`}
        sites={sites}
        branches={branches}
        onUpdate={onUpdate}
      />
      <span className="field">
        <label htmlFor={`${id}-suffix`}>{N.suffix}</label>
        <input id={`${id}-suffix`} value={item.suffix} onChange={(e) => onUpdate({ suffix: e.target.value })} />
      </span>
      <label className="check">
        <input type="checkbox" checked={item.isEnabled} onChange={(e) => onUpdate({ isEnabled: e.target.checked })} />{' '}
        {N.isEnabled}
      </label>
    </div>
  );
}

/** A row's target: a site or a branch chosen from its list, a typed URL for a link. */
function NavTargetField({
  item,
  id,
  path,
  sites,
  branches,
  onUpdate,
}: {
  item: FlatItem['item'];
  id: string;
  path: string;
  sites: Site[];
  branches: Branch[];
  onUpdate: (patch: Partial<FlatItem['item']>) => void;
}) {
  if (item.type !== 'site' && item.type !== 'branch' && item.type !== 'link') return null;
  const choices = item.type === 'site' ? byId(sites, (s) => `${s.name} (${s.path})`) : byId(branches, (b) => b.name);
  return (
    <span className="field">
      <label htmlFor={id}>
        {item.type === 'site' ? N.targetSite : item.type === 'branch' ? N.targetBranch : N.targetUrl}
      </label>
      {item.type === 'link' ? (
        <input
          id={id}
          type="text"
          inputMode="url"
          value={typeof item.target === 'string' ? item.target : ''}
          onChange={(e) => onUpdate({ target: e.target.value || null })}
        />
      ) : (
        <select
          id={id}
          value={typeof item.target === 'number' ? String(item.target) : ''}
          onChange={(e) => onUpdate({ target: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{C.none}</option>
          <Options choices={choices} />
        </select>
      )}
      <FieldError id={id} path={path} />
    </span>
  );
}

/** The buttons that move a row, as the keys of its handle do: up, down, nested under the row above, lifted out. */
const MOVES: ReadonlyArray<readonly [Arrow, string]> = [
  ['ArrowUp', C.moveUp],
  ['ArrowDown', C.moveDown],
  ['ArrowRight', N.indent],
  ['ArrowLeft', N.outdent],
];

/** A row's buttons: move up and down, nest and lift out, add a child, remove. */
function NavRowActions({
  name,
  onKey,
  onAddChild,
  onRemove,
}: {
  name: string;
  onKey: (key: Arrow) => void;
  onAddChild: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="collection-item-actions">
      <ItemButtons
        item={name}
        actions={[
          ...MOVES.map(([key, label]) => ({ label, onClick: () => onKey(key) })),
          { label: N.addChild, onClick: onAddChild },
          { label: C.remove, onClick: onRemove, danger: true },
        ]}
      />
    </div>
  );
}
