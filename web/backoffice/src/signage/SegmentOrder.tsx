import type { Segment } from '@shop/contracts';
import { useState, type KeyboardEvent } from 'react';
import { f, T } from '../texts';
import { moveItem } from './reorder';
import { byId, Options } from '../ui/Options';

const S = T.signage;

/**
 * A stream's segments in playing order: drag, Alt + arrow keys or the buttons reorder, a button removes one; each
 * row shows the server's error for its place ('segments.2').
 */
export function SegmentOrder({
  order,
  onChange,
  byId,
  errors,
}: {
  order: number[];
  onChange: (order: number[]) => void;
  byId: Map<number, Segment>;
  errors: Record<string, string>;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const move = (from: number, to: number) => onChange(moveItem(order, from, to));
  const onKey = (e: KeyboardEvent<HTMLLIElement>, i: number) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const to = e.key === 'ArrowUp' ? i - 1 : i + 1;
    move(i, to);
    // keep the moved item focused
    const list = e.currentTarget.parentElement;
    requestAnimationFrame(() => (list?.children[Math.max(0, Math.min(order.length - 1, to))] as HTMLElement)?.focus());
  };
  return (
    <ol className="segment-order">
      {order.map((id, i) => {
        const s = byId.get(id);
        const label = s?.name ?? String(id);
        return (
          <li
            key={`${id}-${i}`}
            tabIndex={0}
            draggable
            onDragStart={() => setDragged(i)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => dragged !== null && move(dragged, i)}
            onKeyDown={(e) => onKey(e, i)}
            aria-label={label}
          >
            <span>{i + 1}.</span>
            <strong>{label}</strong>
            <span>{f(S.seconds, { n: s?.durationSeconds ?? 0 })}</span>
            <span>
              {S.daypart}: {s?.daypart ? S.limited : S.always}
            </span>
            {errors[`segments.${i}`] && <span className="field-error">{errors[`segments.${i}`]}</span>}
            <button
              type="button"
              onClick={() => move(i, i - 1)}
              disabled={i === 0}
              aria-label={`${S.moveUp}: ${label}`}
            >
              ↑
            </button>
            <button
              type="button"
              onClick={() => move(i, i + 1)}
              disabled={i === order.length - 1}
              aria-label={`${S.moveDown}: ${label}`}
            >
              ↓
            </button>
            <button
              type="button"
              onClick={() => onChange(order.filter((_, j) => j !== i))}
              aria-label={`${S.removeSegment}: ${label}`}
            >
              {S.removeSegment}
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** The segment to add to a stream: the one picked, else the first (the segments may arrive after the editor opened). */
export function SegmentAdd({ segments, onAdd }: { segments: Segment[]; onAdd: (id: number) => void }) {
  const [picked, setPicked] = useState<number | null>(null);
  const adding = picked ?? segments[0]?.id ?? null;
  return (
    <div className="segment-add">
      <label>
        {S.segmentToAdd}
        <select value={adding ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
          <Options
            choices={byId(
              segments,
              (s) => `${s.name} (${S.segmentTypes[s.type]}, ${f(S.seconds, { n: s.durationSeconds })})`,
            )}
          />
        </select>
      </label>
      <button type="button" disabled={adding === null} onClick={() => adding !== null && onAdd(adding)}>
        {S.addSegment}
      </button>
    </div>
  );
}
