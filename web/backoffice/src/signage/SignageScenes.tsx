import type { Scene } from '@shop/contracts';
import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { api, apiUrl } from '../api/client';
import { f, resourceFailure, T } from '../texts';
import { LoadFailed } from '../ui/notices';
import { useRowDelete } from '../ui/resource-state';
import { SceneEditor } from './SceneEditor';

const S = T.signage;

/** The scenes by path, each with its regions and the stream each plays, to edit or delete. */
function SceneTable({
  scenes,
  streamName,
  canEdit,
  onEdit,
  deleteButton,
}: {
  scenes: Scene[];
  streamName: (id: number) => string;
  canEdit: boolean;
  onEdit: (id: number) => void;
  deleteButton: (scene: Scene) => ReactNode;
}) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th>{S.path}</th>
          <th>{S.name}</th>
          <th>{S.regions}</th>
          <th>
            <span className="sr-only">{S.edit}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {scenes.map((scene) => (
          <tr key={scene.id}>
            <td>
              <code>{scene.path}</code>
            </td>
            <td>{scene.name}</td>
            <td>
              <ul>
                {scene.regions.map((r, i) => (
                  <li key={i}>
                    {r.name} ({r.width} × {r.height} %): {streamName(r.stream)}
                  </li>
                ))}
              </ul>
            </td>
            <td>
              <button
                type="button"
                onClick={() => onEdit(scene.id)}
                disabled={!canEdit}
                aria-label={`${S.edit}: ${scene.name}`}
              >
                {S.edit}
              </button>{' '}
              {deleteButton(scene)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Scenes by path with their regions and the stream each plays; a new one or one picked is edited below (which needs
 * the streams: a failed load of them is reported with a retry); a scene no TV shows can be deleted.
 */
export default function SignageScenes() {
  const scenes = useSWR(apiUrl('/api/scenes', {}, {}), (url) => api.list(url));
  const streams = useSWR(apiUrl('/api/digital-signage-streams', {}, {}), (url) => api.list(url));
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const deleting = useRowDelete<Scene>('scenes', T.app.deleted, scenes.mutate, (scene) =>
    setEditing((current) => (current === scene.id ? null : current)),
  );
  if (scenes.error) return <LoadFailed load={scenes} message={resourceFailure('scenes', 'load')} />;
  const streamName = (id: number) => streams.data?.data.find((s) => s.id === id)?.name ?? `#${id}`;
  return (
    <section>
      <h1>{S.scenes}</h1>
      <LoadFailed load={streams} message={resourceFailure('digital-signage-streams', 'load')} />
      <button type="button" onClick={() => setEditing('new')} disabled={!streams.data}>
        {S.newScene}
      </button>
      <SceneTable
        scenes={scenes.data?.data ?? []}
        streamName={streamName}
        canEdit={Boolean(streams.data)}
        onEdit={setEditing}
        deleteButton={(scene) => deleting.button(scene, scene.name)}
      />
      {editing !== null && streams.data && (
        <SceneEditor
          key={String(editing)}
          scene={editing === 'new' ? null : (scenes.data?.data.find((s) => s.id === editing) ?? null)}
          streams={streams.data.data}
          onSaved={async () => {
            await scenes.mutate();
            setEditing(null);
          }}
        />
      )}
      {deleting.dialog((scene) => f(T.list.deleteQuestion, { name: scene.name }))}
    </section>
  );
}
