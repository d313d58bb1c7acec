import { StreamInput, type Segment, type Stream } from '@shop/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import useSWR from 'swr';
import { api, apiUrl, errorMessage } from '../api/client';
import { SIGNAGE_TV_TEXTS } from '@shop/i18n-de';
import { f, resourceFailure, T } from '../texts';
import { useContractForm } from '../ui/contract-form';
import { Labelled } from '../ui/Labelled';
import { LoadError, useNotices } from '../ui/notices';
import { useRowDelete } from '../ui/resource-state';
import { SegmentAdd, SegmentOrder } from './SegmentOrder';
import './signage.css';

const S = T.signage;

/** §8: the first server message if present, otherwise the default */
const failure = (err: unknown, action: 'create' | 'update') =>
  errorMessage(err, resourceFailure('digital-signage-streams', action));

/** A new stream: its name; it starts without segments (they are added in its editor). */
function NewStream({ onCreated }: { onCreated: (stream: Stream) => unknown }) {
  const notices = useNotices();
  const { form, errors, onSubmit } = useContractForm(StreamInput, {
    defaultValues: { name: '', segments: [] },
    send: async (input) => {
      const created = await api.post('/api/digital-signage-streams', input);
      form.reset({ name: '', segments: [] });
      notices.success(S.saved);
      await onCreated(created);
    },
    failed: (err, retry) => notices.error(failure(err, 'create'), retry, err),
  });
  return (
    <form className="stream-new" aria-label={S.newStream} onSubmit={(e) => void onSubmit(e)}>
      <Labelled label={SIGNAGE_TV_TEXTS.newStreamName} error={errors.name}>
        <input {...form.register('name')} />
      </Labelled>
      <button type="submit">{S.create}</button>
    </form>
  );
}

/**
 * One stream: its name, its segments in playing order (drag, Alt + arrow keys or the buttons reorder; add an
 * existing segment, remove one), saved together and checked with the contract's StreamInput; the preview plays the
 * saved stream.
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
  /** the preview plays the saved stream; each save starts it again */
  const [preview, setPreview] = useState<number | null>(null);
  const { form, errors, onSubmit } = useContractForm(StreamInput, {
    defaultValues: { name: stream.name, segments: stream.segments },
    send: async (input) => {
      await api.put(apiUrl('/api/digital-signage-streams/{id}', { id: stream.id }), input);
      notices.success(S.saved);
      setPreview((p) => (p === null ? null : p + 1));
      await onSaved();
    },
    failed: (err, retry) => notices.error(failure(err, 'update'), retry, err),
  });
  const order = useWatch({ control: form.control, name: 'segments' }) ?? [];
  const setOrder = (next: number[]) => form.setValue('segments', next);
  const byId = new Map(segments.map((s) => [s.id, s]));
  const total = order.reduce((sum, id) => sum + (byId.get(id)?.durationSeconds ?? 0), 0);
  return (
    <section aria-label={stream.name}>
      <h2>
        {stream.name} ({f(S.seconds, { n: total })})
      </h2>
      <Labelled label={S.name} error={errors.name}>
        <input {...form.register('name')} />
      </Labelled>
      {order.length ? <p>{S.reorderHint}</p> : <p>{S.noSegments}</p>}
      <SegmentOrder order={order} onChange={setOrder} byId={byId} errors={errors} />
      <SegmentAdd segments={segments} onAdd={(id) => setOrder([...order, id])} />
      <button type="button" className="primary" onClick={() => void onSubmit()}>
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
  const deleting = useRowDelete<Stream>('digital-signage-streams', T.app.deleted, streams.mutate, (s) =>
    setSelected((current) => (current === s.id ? null : current)),
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
