import type { Scene, SceneInput, Stream } from '@shop/contracts';
import { useState, type FormEvent } from 'react';
import { api, apiUrl, ApiError } from '../api/client';
import { resourceFailure, T } from '../texts';
import { useNotices } from '../ui/notices';

const S = T.signage;
type Region = SceneInput['regions'][number];

/** A scene's path, name, background and regions (position and size in percent, each playing a stream). */
export function SceneEditor({
  scene,
  streams,
  onSaved,
}: {
  scene: Scene | null;
  streams: Stream[];
  onSaved: () => unknown;
}) {
  const notices = useNotices();
  const [draft, setDraft] = useState<SceneInput>(
    scene
      ? { path: scene.path, name: scene.name, background: scene.background, regions: scene.regions }
      : { path: '/', name: '', background: '#000000', regions: [{ name: 'Vollbild', stream: streams[0]?.id ?? 0 }] },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setRegion = (i: number, patch: Partial<Region>) =>
    setDraft((d) => ({ ...d, regions: d.regions.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));

  const save = async (e?: FormEvent) => {
    e?.preventDefault();
    try {
      if (scene) await api.put(apiUrl('/api/scenes/{id}', { id: scene.id }), draft);
      else await api.post('/api/scenes', draft);
      setErrors({});
      notices.success(S.saved);
      await onSaved();
    } catch (err) {
      const fallback = resourceFailure('scenes', scene ? 'update' : 'create');
      if (err instanceof ApiError) setErrors(err.fieldErrors());
      notices.error(err instanceof ApiError ? err.messageOr(fallback) : fallback, () => save(), err);
    }
  };
  const field = (name: string, label: string, input: React.ReactNode) => (
    <label>
      {label}
      {input}
      {errors[name] && <span className="field-error">{errors[name]}</span>}
    </label>
  );
  const num = (i: number, key: 'x' | 'y' | 'width' | 'height', label: string) =>
    field(
      `regions.${i}.${key}`,
      label,
      <input
        type="number"
        min={0}
        max={100}
        value={draft.regions[i]?.[key] ?? (key === 'width' || key === 'height' ? 100 : 0)}
        onChange={(e) => setRegion(i, { [key]: Number(e.target.value) })}
      />,
    );

  return (
    <form onSubmit={(e) => void save(e)} aria-label={scene ? scene.name : S.newScene}>
      <h2>{scene ? scene.name : S.newScene}</h2>
      {field(
        'path',
        S.path,
        <input value={draft.path} onChange={(e) => setDraft({ ...draft, path: e.target.value })} />,
      )}
      {field(
        'name',
        S.name,
        <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />,
      )}
      {field(
        'background',
        S.background,
        <input
          type="color"
          value={draft.background}
          onChange={(e) => setDraft({ ...draft, background: e.target.value })}
        />,
      )}
      {draft.regions.map((r, i) => (
        <fieldset key={i}>
          <legend>
            {S.regionName} {i + 1}
          </legend>
          {field(
            `regions.${i}.name`,
            S.name,
            <input value={r.name} onChange={(e) => setRegion(i, { name: e.target.value })} />,
          )}
          {num(i, 'x', S.left)}
          {num(i, 'y', S.top)}
          {num(i, 'width', S.width)}
          {num(i, 'height', S.height)}
          {field(
            `regions.${i}.stream`,
            S.stream,
            <select value={r.stream} onChange={(e) => setRegion(i, { stream: Number(e.target.value) })}>
              {streams.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>,
          )}
          <button
            type="button"
            disabled={draft.regions.length === 1}
            onClick={() => setDraft((d) => ({ ...d, regions: d.regions.filter((_, j) => j !== i) }))}
          >
            {S.removeRegion}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() =>
          setDraft((d) => ({
            ...d,
            regions: [...d.regions, { name: `${S.regionName} ${d.regions.length + 1}`, stream: streams[0]?.id ?? 0 }],
          }))
        }
      >
        {S.addRegion}
      </button>
      <button type="submit" className="primary">
        {S.save}
      </button>
    </form>
  );
}
