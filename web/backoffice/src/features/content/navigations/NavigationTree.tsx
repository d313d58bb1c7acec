import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  NAVIGATION_ITEM_TYPES,
  type Branch,
  type NavigationItem,
  type NavigationItemType,
  type Site,
} from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { useState } from 'react';
import { FieldError } from '../form/content-errors';
import { domId } from '../form/content-values';
import { build, changeDepth, flatten, moveAmongSiblings, moveTo, subtreeEnd, type FlatItem } from './nav-tree';

const N = contentBuilderTexts.navigations;
const C = contentBuilderTexts.form;
const INDENT_PX = 32;
let nextKey = 1;
const newKey = () => `n${nextKey++}`;

/** The server's error path of each row ('items.0.children.2'), in the order of `flatten`. */
function pathsOf(items: readonly NavigationItem[], prefix = 'items'): string[] {
  return items.flatMap((it, i) => [`${prefix}.${i}`, ...pathsOf(it.children ?? [], `${prefix}.${i}.children`)]);
}
/** '1.2' for the second child of the first item: how a row is named to screen readers and in labels. */
function numbersOf(rows: readonly FlatItem[]): string[] {
  const counters: number[] = [];
  return rows.map((r) => {
    counters.length = r.depth + 1;
    counters[r.depth] = (counters[r.depth] ?? 0) + 1;
    return counters.map((c) => c ?? 1).join('.');
  });
}

const newItem = (): NavigationItem => ({
  type: 'site',
  label: '',
  target: null,
  suffix: '',
  isEnabled: true,
  children: [],
});

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
  const remove = (i: number) => {
    const end = subtreeEnd(rows, i);
    apply([...rows.slice(0, i), ...rows.slice(end)]);
  };
  const addChild = (i: number) => {
    const end = subtreeEnd(rows, i);
    const { children: _none, ...item } = newItem();
    apply([...rows.slice(0, end), { key: newKey(), depth: (rows[i]?.depth ?? 0) + 1, item }, ...rows.slice(end)]);
  };
  const add = () => {
    const { children: _none, ...item } = newItem();
    apply([...rows, { key: newKey(), depth: 0, item }]);
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (key: unknown) => rows.findIndex((r) => r.key === key);
  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    const from = indexOf(active.id);
    const overIndex = over ? indexOf(over.id) : from;
    if (from < 0 || overIndex < 0) return;
    const size = subtreeEnd(rows, from) - from;
    // a row cannot go into its own subtree
    if (overIndex > from && overIndex < from + size) return;
    const to = overIndex > from ? overIndex - size + 1 : overIndex;
    const depth = (rows[from]?.depth ?? 0) + Math.round(delta.x / INDENT_PX);
    if (to === from && depth === rows[from]?.depth) return;
    apply(moveTo(rows, from, to, depth), String(active.id));
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
          announcements: {
            onDragStart: ({ active }) => format(C.dragStart, { item: nameOf(indexOf(active.id)) }),
            onDragOver: ({ active, over }) =>
              over
                ? format(C.dragOver, { item: nameOf(indexOf(active.id)), position: indexOf(over.id) + 1 })
                : undefined,
            onDragEnd: ({ active, over }) =>
              over
                ? format(C.dragEnd, { item: nameOf(indexOf(active.id)), position: indexOf(over.id) + 1 })
                : undefined,
            onDragCancel: ({ active }) => format(C.dragCancel, { item: nameOf(indexOf(active.id)) }),
          },
        }}
      >
        <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
          <ul className="nav-rows">
            {rows.map((row, i) => (
              <NavRow
                key={row.key}
                row={row}
                path={paths[i] ?? `items.${i}`}
                name={nameOf(i)}
                sites={sites}
                branches={branches}
                onUpdate={(patch) => update(i, patch)}
                onRemove={() => remove(i)}
                onAddChild={() => addChild(i)}
                onKey={(key) => {
                  const next =
                    key === 'ArrowUp'
                      ? moveAmongSiblings(rows, i, -1)
                      : key === 'ArrowDown'
                        ? moveAmongSiblings(rows, i, 1)
                        : changeDepth(rows, i, key === 'ArrowRight' ? 1 : -1);
                  apply(next, row.key);
                }}
              />
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

type Arrow = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

function NavRow({
  row,
  path,
  name,
  sites,
  branches,
  onUpdate,
  onRemove,
  onAddChild,
  onKey,
}: {
  row: FlatItem;
  path: string;
  name: string;
  sites: Site[];
  branches: Branch[];
  onUpdate: (patch: Partial<FlatItem['item']>) => void;
  onRemove: () => void;
  onAddChild: () => void;
  onKey: (key: Arrow) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.key,
  });
  const id = domId(path);
  const { item } = row;
  const targetPath = `${path}.target`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, marginLeft: row.depth * INDENT_PX }}
      className={`nav-row${isDragging ? ' dragging' : ''}`}
    >
      <fieldset>
        <legend>
          <button
            type="button"
            className="drag-handle"
            id={`nav-handle-${row.key}`}
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={format(C.dragHandle, { label: name })}
            aria-describedby="nav-tree-help"
            onKeyDown={(e) => {
              if (e.altKey && ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(e.key)) {
                e.preventDefault();
                onKey(e.key as Arrow);
                return;
              }
              listeners?.onKeyDown?.(e);
            }}
          >
            <span aria-hidden="true">⠿</span>
          </button>{' '}
          {name}
        </legend>
        <div className="nav-row-fields">
          <span className="field">
            <label htmlFor={`${id}-type`}>{N.type}</label>
            <select
              id={`${id}-type`}
              value={item.type}
              onChange={(e) => onUpdate({ type: e.target.value as NavigationItemType, target: null })}
            >
              {NAVIGATION_ITEM_TYPES.map((t) => (
                <option key={t} value={t}>
                  {N.types[t]}
                </option>
              ))}
            </select>
          </span>
          <span className="field">
            <label htmlFor={`${id}-label`}>{N.label}</label>
            <input id={`${id}-label`} value={item.label} onChange={(e) => onUpdate({ label: e.target.value })} />
            <FieldError id={`${id}-label`} path={`${path}.label`} />
          </span>
          {item.type === 'site' && (
            <span className="field">
              <label htmlFor={`${id}-target`}>{N.targetSite}</label>
              <select
                id={`${id}-target`}
                value={typeof item.target === 'number' ? String(item.target) : ''}
                onChange={(e) => onUpdate({ target: e.target.value ? Number(e.target.value) : null })}
              >
                <option value="">{C.none}</option>
                {sites.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.path})
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-target`} path={targetPath} />
            </span>
          )}
          {item.type === 'branch' && (
            <span className="field">
              <label htmlFor={`${id}-target`}>{N.targetBranch}</label>
              <select
                id={`${id}-target`}
                value={typeof item.target === 'number' ? String(item.target) : ''}
                onChange={(e) => onUpdate({ target: e.target.value ? Number(e.target.value) : null })}
              >
                <option value="">{C.none}</option>
                {branches.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-target`} path={targetPath} />
            </span>
          )}
          {item.type === 'link' && (
            <span className="field">
              <label htmlFor={`${id}-target`}>{N.targetUrl}</label>
              <input
                id={`${id}-target`}
                type="text"
                inputMode="url"
                value={typeof item.target === 'string' ? item.target : ''}
                onChange={(e) => onUpdate({ target: e.target.value || null })}
              />
              <FieldError id={`${id}-target`} path={targetPath} />
            </span>
          )}
          <span className="field">
            <label htmlFor={`${id}-suffix`}>{N.suffix}</label>
            <input id={`${id}-suffix`} value={item.suffix} onChange={(e) => onUpdate({ suffix: e.target.value })} />
          </span>
          <label className="check">
            <input
              type="checkbox"
              checked={item.isEnabled}
              onChange={(e) => onUpdate({ isEnabled: e.target.checked })}
            />{' '}
            {N.isEnabled}
          </label>
        </div>
        <div className="collection-item-actions">
          <button type="button" onClick={() => onKey('ArrowUp')}>
            {C.moveUp}
            <span className="sr-only"> ({name})</span>
          </button>
          <button type="button" onClick={() => onKey('ArrowDown')}>
            {C.moveDown}
            <span className="sr-only"> ({name})</span>
          </button>
          <button type="button" onClick={() => onKey('ArrowRight')}>
            {N.indent}
            <span className="sr-only"> ({name})</span>
          </button>
          <button type="button" onClick={() => onKey('ArrowLeft')}>
            {N.outdent}
            <span className="sr-only"> ({name})</span>
          </button>
          <button type="button" onClick={onAddChild}>
            {N.addChild}
            <span className="sr-only"> ({name})</span>
          </button>
          <button type="button" className="danger" onClick={onRemove}>
            {C.remove}
            <span className="sr-only"> ({name})</span>
          </button>
        </div>
      </fieldset>
    </li>
  );
}
