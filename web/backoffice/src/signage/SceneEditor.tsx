import { SceneInput, type Scene, type Stream } from '@shop/contracts';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { api, apiUrl, errorMessage } from '../api/client';
import { resourceFailure, T } from '../texts';
import { useContractForm } from '../ui/contract-form';
import { Labelled } from '../ui/Labelled';
import { useNotices } from '../ui/notices';
import { byId, Options } from '../ui/Options';

const S = T.signage;
type SceneForm = UseFormReturn<SceneInput, unknown, unknown>;
type Box = 'x' | 'y' | 'width' | 'height';

/** a number field's text as the number it was before the form: an emptied field is 0 */
const asNumber = { setValueAs: (v: unknown) => Number(v) };

/** the editable copy: a region's position and size as the screen shows them (the contract's defaults filled in) */
function draftOf(scene: Scene | null, streams: Stream[]): SceneInput {
  const input = scene
    ? { path: scene.path, name: scene.name, background: scene.background, regions: scene.regions }
    : { path: '/', name: '', background: '#000000', regions: [{ name: 'Vollbild', stream: streams[0]?.id ?? 0 }] };
  return { ...input, regions: input.regions.map((r) => ({ x: 0, y: 0, width: 100, height: 100, ...r })) };
}

/** One region: its name, position and size in percent, and the stream it plays. */
function RegionFields({
  form,
  index,
  errors,
  streams,
  onRemove,
  removable,
}: {
  form: SceneForm;
  index: number;
  errors: Record<string, string>;
  streams: Stream[];
  onRemove: () => void;
  removable: boolean;
}) {
  const path = `regions.${index}` as const;
  const box = (key: Box, label: string) => (
    <Labelled label={label} error={errors[`${path}.${key}`]}>
      <input type="number" min={0} max={100} {...form.register(`${path}.${key}`, asNumber)} />
    </Labelled>
  );
  return (
    <fieldset>
      <legend>
        {S.regionName} {index + 1}
      </legend>
      <Labelled label={S.name} error={errors[`${path}.name`]}>
        <input {...form.register(`${path}.name`)} />
      </Labelled>
      {box('x', S.left)}
      {box('y', S.top)}
      {box('width', S.width)}
      {box('height', S.height)}
      <Labelled label={S.stream} error={errors[`${path}.stream`]}>
        <select {...form.register(`${path}.stream`, asNumber)}>
          <Options choices={byId(streams, (s) => s.name)} />
        </select>
      </Labelled>
      <button type="button" disabled={!removable} onClick={onRemove}>
        {S.removeRegion}
      </button>
    </fieldset>
  );
}

/**
 * A scene's path, name, background and regions (position and size in percent, each playing a stream), checked with
 * the contract's SceneInput (useContractForm); the server's field errors stand at their fields.
 */
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
  const { form, errors, onSubmit } = useContractForm(SceneInput, {
    defaultValues: draftOf(scene, streams),
    send: async (draft) => {
      if (scene) await api.put(apiUrl('/api/scenes/{id}', { id: scene.id }), draft);
      else await api.post('/api/scenes', draft);
      notices.success(S.saved);
      await onSaved();
    },
    failed: (err, retry) =>
      notices.error(errorMessage(err, resourceFailure('scenes', scene ? 'update' : 'create')), retry, err),
  });
  const regions = useFieldArray({ control: form.control, name: 'regions' });

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={scene ? scene.name : S.newScene}>
      <h2>{scene ? scene.name : S.newScene}</h2>
      <Labelled label={S.path} error={errors.path}>
        <input {...form.register('path')} />
      </Labelled>
      <Labelled label={S.name} error={errors.name}>
        <input {...form.register('name')} />
      </Labelled>
      <Labelled label={S.background} error={errors.background}>
        <input type="color" {...form.register('background')} />
      </Labelled>
      {regions.fields.map((r, i) => (
        <RegionFields
          key={r.id}
          form={form}
          index={i}
          errors={errors}
          streams={streams}
          removable={regions.fields.length > 1}
          onRemove={() => regions.remove(i)}
        />
      ))}
      <button
        type="button"
        onClick={() =>
          regions.append({
            name: `${S.regionName} ${regions.fields.length + 1}`,
            stream: streams[0]?.id ?? 0,
            x: 0,
            y: 0,
            width: 100,
            height: 100,
          })
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
