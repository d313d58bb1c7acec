import { type Scene, type SignageCommandType, type SignageDevice } from '@shop/contracts';
import { formatDateTime } from '@shop/domain';
import { SIGNAGE_TV_TEXTS as TV } from '@shop/i18n-de';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, apiUrl, errorMessage } from '../api/client';
import { branchName, useBranches } from '../api/use-branches';
import { useMe } from '../features/auth/use-me';
import { f, resourceFailure, t, T } from '../texts';
import { LoadFailed, useNotices } from '../ui/notices';
import { BulkCommand, type BulkSent } from './BulkCommand';
import { CommandTypeOptions, SceneOptions } from './command-options';
import { openCommand } from './device-commands';
import { NewDevice, RotateKeyButton, SetupPanel, type DeviceKey } from './DeviceSetup';
import { useSignageEvents } from './use-signage-events';
import './signage.css';

const S = T.signage;
/**
 * Commands and changes of the TVs arrive as server-sent events; the list still reads itself again now and then for
 * what has no event (heartbeats: online, offline, idle), more often while the event stream is down.
 */
const REFRESH_MS = 15_000;
const REFRESH_OFFLINE_MS = 5000;

/** What the TV shows: its scene, or its idle screen and why (offline: unknown). */
export function displayText(device: Pick<SignageDevice, 'idle' | 'status'>): string {
  if (device.idle) return f(TV.idle, { reason: TV.idleReasons[device.idle] });
  return device.status === 'online' ? TV.playing : S.none;
}

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
  onSetup,
}: {
  device: SignageDevice;
  scenes: Scene[];
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onChange: () => unknown;
  /** administrators: settings and a new key */
  onSetup: ((setup: DeviceKey) => void) | null;
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
      <td data-label={TV.display} data-testid="display">
        {displayText(device)}
      </td>
      <CommandStateCell device={device} />
      <CommandCell device={device} scenes={scenes} onChange={onChange} />
      {onSetup && (
        <td data-label={T.list.actions}>
          <Link to={`/digital-signage-devices/${device.id}`} aria-label={`${T.list.edit}: ${device.name}`}>
            {T.list.edit}
          </Link>{' '}
          <RotateKeyButton device={device} onRotated={onSetup} />
        </td>
      )}
    </tr>
  );
}

/** The list's header: tick all, the columns, and the administrators' actions. */
function DeviceTableHead({
  allSelected,
  onSelectAll,
  admin,
}: {
  allSelected: boolean;
  onSelectAll: (on: boolean) => void;
  admin: boolean;
}) {
  return (
    <thead>
      <tr>
        <th>
          <label>
            <input type="checkbox" checked={allSelected} onChange={(e) => onSelectAll(e.target.checked)} />
            <span className="sr-only">{S.selectAll}</span>
          </label>
        </th>
        <th>{S.name}</th>
        <th>{S.status}</th>
        <th>{S.lastSeen}</th>
        <th>{S.currentScene}</th>
        <th>{TV.display}</th>
        <th>{S.commandState}</th>
        <th>{S.command}</th>
        {admin && <th>{T.list.actions}</th>}
      </tr>
    </thead>
  );
}

/**
 * TVs, the one screen for them (issue 42): status dot, last seen, current scene, what it shows (its idle screen and
 * why), the latest command and its state, live; send a command, abort it; one command to many TVs (ticked, a
 * branch's, a scene's) with the state of each. Administrators also create a TV and give one a new key, each time
 * shown its sign-in link and QR code once, and open a TV's settings.
 */
export default function SignageDevices() {
  const key = apiUrl('/api/digital-signage-devices', {}, {});
  const { mutate } = useSWRConfig();
  const live = useSignageEvents(() => void mutate(key));
  const devices = useSWR(key, (url) => api.list(url), { refreshInterval: live ? REFRESH_MS : REFRESH_OFFLINE_MS });
  const scenes = useSWR(apiUrl('/api/scenes', {}, {}), (url) => api.list(url));
  const branches = useBranches();
  const { data: me } = useMe();
  const admin = !!me?.roles.includes('ROLE_ADMIN');
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [sent, setSent] = useState<BulkSent | null>(null);
  const [setup, setSetup] = useState<DeviceKey | null>(null);
  const showSetup = (next: DeviceKey) => {
    setSetup(next);
    void devices.mutate();
  };
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
      {setup && <SetupPanel setup={setup} onDone={() => setSetup(null)} />}
      {admin && branches.data && (
        <NewDevice branches={branches.data} scenes={scenes.data?.data ?? []} onCreated={showSetup} />
      )}
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
        <DeviceTableHead
          allSelected={allSelected}
          onSelectAll={(on) => setSelected(new Set(on ? list.map((d) => d.id) : []))}
          admin={admin}
        />
        <tbody>
          {list.map((d) => (
            <DeviceRow
              key={d.id}
              device={d}
              scenes={scenes.data?.data ?? []}
              selected={selected.has(d.id)}
              onSelect={(on) => select(d.id, on)}
              onChange={() => devices.mutate()}
              onSetup={admin ? showSetup : null}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}
