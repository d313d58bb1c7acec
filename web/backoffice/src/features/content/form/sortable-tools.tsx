import { KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements } from '@dnd-kit/core';
import { sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import type { KeyboardEvent, ReactNode } from 'react';

const C = contentBuilderTexts.form;

/** Pointer (after 4 px, so a click stays a click) and keyboard sensors of a sortable list. */
export function useDragSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** dnd-kit's screen-reader announcements in German: an item by its name, places counted from 1. */
export function dragAnnouncements(named: (id: unknown) => string, position: (id: unknown) => number): Announcements {
  return {
    onDragStart: ({ active }) => format(C.dragStart, { item: named(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? format(C.dragOver, { item: named(active.id), position: position(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? format(C.dragEnd, { item: named(active.id), position: position(over.id) }) : undefined,
    onDragCancel: ({ active }) => format(C.dragCancel, { item: named(active.id) }),
  };
}

/**
 * An item's drag handle ('⠿'): pointer and keyboard drag by dnd-kit; Alt with one of `arrows` moves the item at once
 * (`onArrow`), the other keys go to dnd-kit's keyboard sensor (Space picks up).
 */
export function DragHandle<A extends string>({
  sortable,
  id,
  label,
  describedBy,
  arrows,
  onArrow,
}: {
  sortable: Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef'>;
  id: string;
  label: string;
  describedBy?: string;
  arrows: readonly A[];
  onArrow: (key: A) => void;
}) {
  const { attributes, listeners, setActivatorNodeRef } = sortable;
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.altKey && (arrows as readonly string[]).includes(e.key)) {
      e.preventDefault();
      onArrow(e.key as A);
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  return (
    <button
      type="button"
      className="drag-handle"
      id={id}
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={format(C.dragHandle, { label })}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

/** One of an item's buttons: its text and what it does (`danger`: it removes the item). */
export interface ItemAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}

/** An item's buttons in their order (move, duplicate, remove, …), each an ItemButton named after the item. */
export function ItemButtons({ item, actions }: { item: string; actions: readonly ItemAction[] }) {
  return actions.map(({ label, ...action }) => (
    <ItemButton key={label} item={item} {...action}>
      {label}
    </ItemButton>
  ));
}

/** An item's action button, named for screen readers by the item it acts on ('Entfernen (Block 2: Text)'). */
export function ItemButton({
  item,
  onClick,
  disabled,
  danger,
  children,
}: {
  item: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="button" className={danger ? 'danger' : undefined} onClick={onClick} disabled={disabled}>
      {children}
      <span className="sr-only"> ({item})</span>
    </button>
  );
}
