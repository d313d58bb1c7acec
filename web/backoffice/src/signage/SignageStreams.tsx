import type { Segment, Stream } from '@shop/contracts';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import useSWR from 'swr';
import { api, apiUrl, ApiError } from '../api/client';
import { f, resourceFailure, T } from '../texts';
import { LoadError, useNotices } from '../ui/notices';
import { useConfirmedDelete } from '../ui/resource-state';
import { moveItem } from './reorder';
import './signage.css';

const S = T.signage;

/** §8: the first server message if present, otherwise the default */
const failure = (err: unknown, action: 'create' | 'update') => {
  const fallback = resourceFailure('digital-signage-streams', action);
  return err instanceof ApiError ? err.messageOr(fallback) : fallback;
};

/** A new stream: its name; it starts without segments (they are added in its editor). */
function NewStream({ onCreated }: { onCreated: (stream: Stream) => unknown }) {
  const notices = useNotices();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = async (e?: FormEvent) => {
    e?.preventDefault();
    try {
      const created = await api.post('/api/digital-signage-streams', { name, segments: [] });
      setErrors({});
      setName('');
      notices.success(S.saved);
      await onCreated(created);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors());
      notices.error(failure(err, 'create'), () => create(), err);
    }
  };
  return (
    <form className="stream-new" onSubmit={(e) => void create(e)}>
      <label>
        {S.newStream}
        <input value={name} onChange={(e) => setName(e.target.value)} />
        {errors.name && <span className="field-error">{errors.name}</span>}
      </label>
      <button type="submit">{S.create}</button>
    </form>
  );
}

/**
 * One stream: its name, its segments in playing order (drag, Alt + arrow keys or the buttons reorder; add an
 * existing segment, remove one), saved together; the preview plays the saved stream.
 */
function StreamEditor({
  stream,
  segments,
  onSaved,
  onDelete,
}: {
  stream: Stream;
  segments: Segment[];
  onSaved: () => unknown;
  onDelete: () => void;
}) {
  const notices = useNotices();
  const [name, setName] = useState(stream.name);
  const [order, setOrder] = useState(stream.segments);
  const [picked, setPicked] = useState<number | null>(null);
  /** the segment to add: the one picked, else the first (the segments may arrive after the editor opened) */
  const adding = picked ?? segments[0]?.id ?? null;
  const [errors, setErrors] = useState<Record<string, string>>({});
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
      await api.put(apiUrl('/api/digital-signage-streams/{id}', { id: stream.id }), { name, segments: order });
      setErrors({});
      notices.success(S.saved);
      setPreview((p) => (p === null ? null : p + 1));
      await onSaved();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors());
      notices.error(failure(err, 'update'), save, err);
    }
  };
  const total = order.reduce((sum, id) => sum + (byId.get(id)?.durationSeconds ?? 0), 0);
  return (
    <section aria-label={stream.name}>
      <h2>
        {stream.name} ({f(S.seconds, { n: total })})
      </h2>
      <label>
        {S.name}
        <input value={name} onChange={(e) => setName(e.target.value)} />
        {errors.name && <span className="field-error">{errors.name}</span>}
      </label>
      {order.length ? <p>{S.reorderHint}</p> : <p>{S.noSegments}</p>}
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
                onClick={() => setOrder((o) => o.filter((_, j) => j !== i))}
                aria-label={`${S.removeSegment}: ${label}`}
              >
                {S.removeSegment}
              </button>
            </li>
          );
        })}
      </ol>
      <div className="segment-add">
        <label>
          {S.segmentToAdd}
          <select value={adding ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
            {segments.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({S.segmentTypes[s.type]}, {f(S.seconds, { n: s.durationSeconds })})
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={adding === null}
          onClick={() => adding !== null && setOrder((o) => [...o, adding])}
        >
          {S.addSegment}
        </button>
      </div>
      <button type="button" className="primary" onClick={() => void save()}>
        {S.save}
      </button>{' '}
      <button type="button" aria-pressed={preview !== null} onClick={() => setPreview((p) => (p === null ? 0 : null))}>
        {S.preview}
      </button>{' '}
      <button type="button" className="danger" aria-label={`${T.list.delete}: ${stream.name}`} onClick={onDelete}>
        {T.list.delete}
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

/** Streams: create, rename, delete; the segments of each in playing order. */
export default function SignageStreams() {
  const streams = useSWR(apiUrl('/api/digital-signage-streams', {}, {}), (url) => api.list(url));
  const segments = useSWR(apiUrl('/api/digital-signage-segments', {}, {}), (url) => api.list(url));
  const [selected, setSelected] = useState<number | null>(null);
  const deleting = useConfirmedDelete<Stream>(
    'digital-signage-streams',
    async (s) => {
      await api.delete(apiUrl('/api/digital-signage-streams/{id}', { id: s.id }));
      setSelected((current) => (current === s.id ? null : current));
    },
    T.app.deleted,
    () => streams.mutate(),
  );
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
      <NewStream
        onCreated={async (created) => {
          await streams.mutate();
          setSelected(created.id);
        }}
      />
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
          onDelete={() => deleting.ask(current)}
        />
      )}
      {deleting.dialog((s) => f(T.list.deleteQuestion, { name: s.name }))}
    </section>
  );
}
