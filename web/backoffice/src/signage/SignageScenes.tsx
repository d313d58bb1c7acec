import useSWR from 'swr';
import { api, apiUrl } from '../api/client';
import { resourceFailure, T } from '../texts';
import { LoadError } from '../ui/notices';

const S = T.signage;

/** Scenes by path with their regions and the stream each plays. */
export default function SignageScenes() {
  const scenes = useSWR(apiUrl('/api/scenes', {}, {}), (url) => api.list(url));
  const streams = useSWR(apiUrl('/api/digital-signage-streams', {}, {}), (url) => api.list(url));
  if (scenes.error)
    return <LoadError message={resourceFailure('scenes', 'load')} retry={() => scenes.mutate()} error={scenes.error} />;
  const streamName = (id: number) => streams.data?.data.find((s) => s.id === id)?.name ?? `#${id}`;
  return (
    <section>
      <h1>{S.scenes}</h1>
      <table className="table">
        <thead>
          <tr>
            <th>{S.path}</th>
            <th>{S.name}</th>
            <th>{S.regions}</th>
          </tr>
        </thead>
        <tbody>
          {(scenes.data?.data ?? []).map((scene) => (
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
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
