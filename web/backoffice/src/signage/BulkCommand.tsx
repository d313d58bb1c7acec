import {
  SIGNAGE_COMMAND_STATES,
  SIGNAGE_COMMAND_TYPES,
  type Scene,
  type SignageBulkCommandInput,
  type SignageBulkCommandResult,
  type SignageCommandState,
  type SignageCommandType,
  type SignageDevice,
} from '@shop/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { api, apiUrl, ApiError } from '../api/client';
import { f, t, T } from '../texts';
import { useNotices } from '../ui/notices';
import { openCommand } from './device-commands';

const S = T.signage;

/** a labelled control of the form (the label names only its text, not the chosen option) */
function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="bulk-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

export type BulkTarget = 'selected' | 'branch' | 'scene';
/** the last bulk command: which TV got which command (the rows show each one's state as the list refreshes) */
export type BulkSent = Map<number, number>;

/** how many aborts run at once (each is a locked transaction on the server) */
const ABORT_CONCURRENCY = 5;

/** The state of each TV's command of the last bulk send, counted (a TV with a newer command counts as replaced). */
export function bulkProgress(sent: BulkSent, devices: SignageDevice[]) {
  const counts = new Map<SignageCommandState, number>();
  let open = 0;
  for (const device of devices) {
    const command = sent.get(device.id);
    if (command === undefined || device.command?.id !== command) continue;
    counts.set(device.command.state, (counts.get(device.command.state) ?? 0) + 1);
    if (openCommand(device)) open++;
  }
  return { counts: SIGNAGE_COMMAND_STATES.flatMap((s) => (counts.get(s) ? [[s, counts.get(s)] as const] : [])), open };
}

/**
 * One command to many TVs (POST /api/digital-signage-devices/command): the TVs ticked in the list, all enabled TVs
 * of a branch, or the enabled TVs showing a scene; then how far each got (counted by state, and on each TV's row),
 * and one button that aborts those still open.
 */
export function BulkCommand({
  devices,
  selected,
  scenes,
  branchName,
  sent,
  onSent,
  onChange,
}: {
  devices: SignageDevice[];
  selected: Set<number>;
  scenes: Scene[];
  branchName: (id: number) => string;
  sent: BulkSent | null;
  onSent: (sent: BulkSent) => void;
  onChange: () => unknown;
}) {
  const notices = useNotices();
  const id = useId();
  const branches = [...new Set(devices.map((d) => d.branch))].sort((a, b) => a - b);
  const [target, setTarget] = useState<BulkTarget>('selected');
  const [branch, setBranch] = useState<number | null>(null);
  const [targetScene, setTargetScene] = useState<number | null>(null);
  const [type, setType] = useState<SignageCommandType>('reload');
  const [showScene, setShowScene] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const chosenBranch = branch ?? branches[0] ?? null;
  const chosenScene = targetScene ?? scenes[0]?.id ?? null;
  const chosenShowScene = showScene ?? scenes[0]?.id ?? null;
  const sceneDevices = devices.filter((d) => d.isEnabled && d.scene === chosenScene).map((d) => d.id);

  const body = (): SignageBulkCommandInput => {
    const command = { type, scene: type === 'show-scene' ? chosenShowScene : null };
    if (target === 'branch') return { ...command, branch: chosenBranch };
    // a scene's TVs are named one by one: the API's own targets are a branch or a stream
    return { ...command, devices: target === 'scene' ? sceneDevices : [...selected] };
  };
  const send = async () => {
    setBusy(true);
    try {
      const result: SignageBulkCommandResult = await api.post(apiUrl('/api/digital-signage-devices/command'), body());
      onSent(new Map(result.devices.map((d) => [d.id, d.command])));
      notices.success(f(S.bulkSent, { n: result.count }));
      await onChange();
    } catch (err) {
      const fallback = t('backoffice.commandFailed');
      notices.error(err instanceof ApiError ? err.messageOr(fallback) : fallback, () => send(), err);
    } finally {
      setBusy(false);
    }
  };
  /** aborts the open ones of the last send; one that finished meanwhile (409) is no failure */
  const abort = async () => {
    if (!sent) return;
    setBusy(true);
    const open = devices.filter((d) => sent.get(d.id) === d.command?.id && openCommand(d)).map((d) => d.id);
    let failure: unknown = null;
    const next = async (): Promise<void> => {
      const id = open.shift();
      if (id === undefined) return;
      await api.post(apiUrl('/api/digital-signage-devices/{id}/command/abort', { id })).catch((err: unknown) => {
        if (!(err instanceof ApiError && err.status === 409)) failure = err;
      });
      return next();
    };
    await Promise.all(Array.from({ length: ABORT_CONCURRENCY }, next));
    await onChange();
    setBusy(false);
    if (failure) {
      const fallback = t('backoffice.commandAbortFailed');
      notices.error(failure instanceof ApiError ? failure.messageOr(fallback) : fallback, () => abort(), failure);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  const count = target === 'selected' ? selected.size : target === 'scene' ? sceneDevices.length : null;
  const progress = sent ? bulkProgress(sent, devices) : null;

  return (
    <form className="bulk-command" aria-label={S.bulkTitle} onSubmit={submit}>
      <h2>{S.bulkTitle}</h2>
      <Field id={`${id}-target`} label={S.bulkTarget}>
        <select id={`${id}-target`} value={target} onChange={(e) => setTarget(e.target.value as BulkTarget)}>
          <option value="selected">{f(S.bulkSelected, { n: selected.size })}</option>
          <option value="branch">{S.bulkBranch}</option>
          <option value="scene">{S.bulkScene}</option>
        </select>
      </Field>
      {target === 'branch' && (
        <Field id={`${id}-branch`} label={T.fields.branch}>
          <select id={`${id}-branch`} value={chosenBranch ?? ''} onChange={(e) => setBranch(Number(e.target.value))}>
            {branches.map((b) => (
              <option key={b} value={b}>
                {branchName(b)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {target === 'scene' && (
        <Field id={`${id}-scene`} label={S.scene}>
          <select id={`${id}-scene`} value={chosenScene ?? ''} onChange={(e) => setTargetScene(Number(e.target.value))}>
            {scenes.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id={`${id}-type`} label={S.command}>
        <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value as SignageCommandType)}>
          {SIGNAGE_COMMAND_TYPES.map((c) => (
            <option key={c} value={c}>
              {S.commandTypes[c]}
            </option>
          ))}
        </select>
      </Field>
      {type === 'show-scene' && (
        <Field id={`${id}-show`} label={S.sceneToShow}>
          <select
            id={`${id}-show`}
            value={chosenShowScene ?? ''}
            onChange={(e) => setShowScene(Number(e.target.value))}
          >
            {scenes.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <button type="submit" disabled={busy || count === 0}>
        {count === null ? S.send : f(S.bulkSendTo, { n: count })}
      </button>
      {progress && (
        <p role="status" data-testid="bulk-progress">
          {f(S.bulkProgress, { n: sent?.size ?? 0 })}{' '}
          {progress.counts.map(([state, n]) => `${S.commandStates[state]}: ${n}`).join(', ')}
          <button type="button" disabled={busy || progress.open === 0} onClick={() => void abort()}>
            {f(S.bulkAbort, { n: progress.open })}
          </button>
        </p>
      )}
    </form>
  );
}
