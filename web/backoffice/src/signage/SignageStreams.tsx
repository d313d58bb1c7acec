import type { Segment, Stream } from '@shop/contracts';
import { useState, type KeyboardEvent } from 'react';
import useSWR from 'swr';
import { api, apiUrl, ApiError } from '../api/client';
import { f, resourceFailure, T } from '../texts';
import { LoadError, useNotices } from '../ui/notices';
import { moveItem } from './reorder';
import './signage.css';

const S = T.signage;

/** One stream's segments in playing order: drag, Alt + arrow keys or the buttons reorder; saving sends the new order. */
function StreamEditor({ stream, segments, onSaved }: { stream: Stream; segments: Segment[]; onSaved: () => unknown }) {
  const notices = useNotices();
  const [order, setOrder] = useState(stream.segments);
  const [dragged, setDragged] = useState<number | null>(null);
  /** the preview plays the saved stream; each save starts it again */
  const [preview, setPreview] = useState<number | null>(null);
  const byId = new Map(segments.map((s) => [s.id, s]));
  const move = (from: number, to: number) => setOrder((o) => moveItem(o, from, to));
  const onKey = (e: KeyboardEvent<HTMLLIElement>, i: number) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const to = e.key === 'ArrowUp' ? i - 1 : i + 1;
    move(i, to);
    // keep the moved item focused
    const list = e.currentTarget.parentElement;
    requestAnimationFrame(() => (list?.children[Math.max(0, Math.min(order.length - 1, to))] as HTMLElement)?.focus());
  };
  const save = async () => {
    try {
      await api.put(apiUrl('/api/digital-signage-streams/{id}', { id: stream.id }), {
        name: stream.name,
        segments: order,
      });
      notices.success(S.saved);
      setPreview((p) => (p === null ? null : p + 1));
      await onSaved();
    } catch (err) {
      const fallback = resourceFailure('digital-signage-streams', 'update');
      notices.error(err instanceof ApiError ? err.messageOr(fallback) : fallback, save, err);
    }
  };
  const total = order.reduce((sum, id) => sum + (byId.get(id)?.durationSeconds ?? 0), 0);
  return (
    <section aria-label={stream.name}>
      <h2>
        {stream.name} ({f(S.seconds, { n: total })})
      </h2>
      <p>{S.reorderHint}</p>
      <ol className="segment-order">
        {order.map((id, i) => {
          const s = byId.get(id);
          return (
            <li
              key={`${id}-${i}`}
              tabIndex={0}
              draggable
              onDragStart={() => setDragged(i)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => dragged !== null && move(dragged, i)}
              onKeyDown={(e) => onKey(e, i)}
              aria-label={s?.name ?? String(id)}
            >
              <span>{i + 1}.</span>
              <strong>{s?.name ?? id}</strong>
              <span>{f(S.seconds, { n: s?.durationSeconds ?? 0 })}</span>
              <span>
                {S.daypart}: {s?.daypart ? S.limited : S.always}
              </span>
              <button
                type="button"
                onClick={() => move(i, i - 1)}
                disabled={i === 0}
                aria-label={`${S.moveUp}: ${s?.name ?? id}`}
              >
                ↑
              </button>
              <button
                type="button"
                onClick={() => move(i, i + 1)}
                disabled={i === order.length - 1}
                aria-label={`${S.moveDown}: ${s?.name ?? id}`}
              >
                ↓
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => void save()}>
        {S.save}
      </button>{' '}
      <button type="button" aria-pressed={preview !== null} onClick={() => setPreview((p) => (p === null ? 0 : null))}>
        {S.preview}
      </button>
      {preview !== null && (
        <iframe
          key={preview}
          className="stream-preview"
          title={`${S.preview}: ${stream.name}`}
          src={`/player/?preview-stream=${stream.id}`}
        />
      )}
    </section>
  );
}

/** Streams and the order of their segments. */
export default function SignageStreams() {
  const streams = useSWR(apiUrl('/api/digital-signage-streams', {}, {}), (url) => api.list(url));
  const segments = useSWR(apiUrl('/api/digital-signage-segments', {}, {}), (url) => api.list(url));
  const [selected, setSelected] = useState<number | null>(null);
  if (streams.error || segments.error)
    return (
      <LoadError
        message={resourceFailure(streams.error ? 'digital-signage-streams' : 'digital-signage-segments', 'load')}
        retry={() => Promise.all([streams.mutate(), segments.mutate()])}
        error={streams.error ?? segments.error}
      />
    );
  const list = streams.data?.data ?? [];
  const current = list.find((s) => s.id === selected);
  return (
    <section>
      <h1>{S.streams}</h1>
      <ul>
        {list.map((s) => (
          <li key={s.id}>
            <button type="button" onClick={() => setSelected(s.id)} aria-pressed={s.id === selected}>
              {s.name}
            </button>{' '}
            ({s.segments.length} {S.segments})
          </li>
        ))}
      </ul>
      {current && (
        <StreamEditor
          key={current.id}
          stream={current}
          segments={segments.data?.data ?? []}
          onSaved={() => streams.mutate()}
        />
      )}
    </section>
  );
}
