import { type Scene, type SignageCommandType, type SignageDevice } from '@shop/contracts';
import { formatDateTime } from '@shop/domain';
import { useState } from 'react';
import useSWR from 'swr';
import { api, apiUrl, errorMessage } from '../api/client';
import { branchName, useBranches } from '../api/use-branches';
import { f, resourceFailure, t, T } from '../texts';
import { LoadFailed, useNotices } from '../ui/notices';
import { BulkCommand, type BulkSent } from './BulkCommand';
import { CommandTypeOptions, SceneOptions } from './command-options';
import { openCommand } from './device-commands';
import './signage.css';

const S = T.signage;
/** the list follows heartbeats and command states without a reload */
const REFRESH_MS = 5000;

/** A TV's latest command and its state; a failure's reason; the screenshot it sent, to download. */
function CommandStateCell({ device }: { device: SignageDevice }) {
  /** the URL of the picture the player sent for the latest command, a screenshot (the list never carries the image) */
  const shot = device.command?.type === 'screenshot' && device.command.state === 'done' ? device.command.result : null;
  return (
    <td data-label={S.commandState} data-testid="command-state">
      {device.command ? `${S.commandTypes[device.command.type]}: ${S.commandStates[device.command.state]}` : S.none}
      {device.command?.state === 'failed' && device.command.result && !device.command.result.startsWith('data:') && (
        <small> ({device.command.result})</small>
      )}
      {shot && (
        <a href={shot} download={`${device.identifier}.jpg`}>
          <img className="tv-screenshot" src={shot} alt={f(S.screenshotOf, { name: device.name })} />
        </a>
      )}
    </td>
  );
}

/** A command to one TV (a scene with 'show-scene'), sent or aborted from its row. */
function CommandCell({
  device,
  scenes,
  onChange,
}: {
  device: SignageDevice;
  scenes: Scene[];
  onChange: () => unknown;
}) {
  const notices = useNotices();
  const [type, setType] = useState<SignageCommandType>('reload');
  const [scene, setScene] = useState<number | null>(scenes[0]?.id ?? null);
  const [busy, setBusy] = useState(false);

  // §8: the first server message if present, otherwise the default; a retry repeats the call
  const call = async (what: 'send' | 'abort') => {
    setBusy(true);
    try {
      if (what === 'send')
        await api.post(apiUrl('/api/digital-signage-devices/{id}/command', { id: device.id }), {
          type,
          scene: type === 'show-scene' ? scene : null,
        });
      else await api.post(apiUrl('/api/digital-signage-devices/{id}/command/abort', { id: device.id }));
      await onChange();
    } catch (err) {
      const fallback = t(what === 'send' ? 'backoffice.commandFailed' : 'backoffice.commandAbortFailed');
      notices.error(errorMessage(err, fallback), () => call(what), err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <td data-label={S.command}>
      <label>
        <span className="sr-only">{S.command}</span>
        <select value={type} onChange={(e) => setType(e.target.value as SignageCommandType)}>
          <CommandTypeOptions />
        </select>
      </label>
      {type === 'show-scene' && (
        <label>
          <span className="sr-only">{S.scenes}</span>
          <select value={scene ?? ''} onChange={(e) => setScene(Number(e.target.value))}>
            <SceneOptions scenes={scenes} />
          </select>
        </label>
      )}
      <button type="button" disabled={busy} onClick={() => void call('send')}>
        {S.send}
      </button>
      <button type="button" disabled={busy || !openCommand(device)} onClick={() => void call('abort')}>
        {S.abort}
      </button>
    </td>
  );
}

function DeviceRow({
  device,
  scenes,
  selected,
  onSelect,
  onChange,
}: {
  device: SignageDevice;
  scenes: Scene[];
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onChange: () => unknown;
}) {
  const sceneName = (id: number | null) => scenes.find((s) => s.id === id)?.name ?? S.none;
  return (
    <tr>
      <td>
        <label>
          <input type="checkbox" checked={selected} onChange={(e) => onSelect(e.target.checked)} />
          <span className="sr-only">{f(S.selectDevice, { name: device.name })}</span>
        </label>
      </td>
      <td data-label={S.name}>
        <span className={`status-dot ${device.status}`} aria-hidden="true" /> {device.name}
        <br />
        <small>{device.identifier}</small>
      </td>
      <td data-label={S.status}>{device.status === 'online' ? S.online : S.offline}</td>
      <td data-label={S.lastSeen}>{device.lastSeenAt ? formatDateTime(device.lastSeenAt) : S.never}</td>
      <td data-label={S.currentScene}>{sceneName(device.currentScene ?? device.scene)}</td>
      <CommandStateCell device={device} />
      <CommandCell device={device} scenes={scenes} onChange={onChange} />
    </tr>
  );
}

/**
 * TVs: status dot, last seen, current scene, the latest command and its state; send a command, abort it; one command
 * to many TVs (ticked, a branch's, a scene's) with the state of each.
 */
export default function SignageDevices() {
  const devices = useSWR(apiUrl('/api/digital-signage-devices', {}, {}), (url) => api.list(url), {
    refreshInterval: REFRESH_MS,
  });
  const scenes = useSWR(apiUrl('/api/scenes', {}, {}), (url) => api.list(url));
  const branches = useBranches();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [sent, setSent] = useState<BulkSent | null>(null);
  if (devices.error) return <LoadFailed load={devices} message={resourceFailure('digital-signage-devices', 'load')} />;
  const list = devices.data?.data ?? [];
  const select = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = list.length > 0 && list.every((d) => selected.has(d.id));
  return (
    <section>
      <h1>{S.devices}</h1>
      <BulkCommand
        devices={list}
        selected={selected}
        scenes={scenes.data?.data ?? []}
        branchName={(id) => branchName(branches.data, id)}
        sent={sent}
        onSent={setSent}
        onChange={() => devices.mutate()}
      />
      <table className="data-table">
        <thead>
          <tr>
            <th>
              <label>
                <input
                  type="checkbox"
                  checked={allSelected}
                  onChange={(e) => setSelected(new Set(e.target.checked ? list.map((d) => d.id) : []))}
                />
                <span className="sr-only">{S.selectAll}</span>
              </label>
            </th>
            <th>{S.name}</th>
            <th>{S.status}</th>
            <th>{S.lastSeen}</th>
            <th>{S.currentScene}</th>
            <th>{S.commandState}</th>
            <th>{S.command}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((d) => (
            <DeviceRow
              key={d.id}
              device={d}
              scenes={scenes.data?.data ?? []}
              selected={selected.has(d.id)}
              onSelect={(on) => select(d.id, on)}
              onChange={() => devices.mutate()}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}
