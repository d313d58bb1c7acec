import {
  SIGNAGE_COMMAND_STATES,
  SignageBulkCommandInput,
  type Scene,
  type SignageBulkCommandResult,
  type SignageCommandState,
  type SignageCommandType,
  type SignageDevice,
} from '@shop/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useWatch, type PathValue } from 'react-hook-form';
import { z } from 'zod';
import { api, apiUrl, ApiError, errorMessage } from '../api/client';
import { f, t, T } from '../texts';
import { useContractForm } from '../ui/contract-form';
import { useNotices } from '../ui/notices';
import { CommandTypeOptions, SceneOptions } from './command-options';
import { openCommand } from './device-commands';
import { Options } from '../ui/Options';

const S = T.signage;

/** a labelled select of the form (the label names only its text, not the chosen option) */
function SelectField({
  id,
  label,
  value,
  onValue,
  children,
}: {
  id: string;
  label: string;
  value: string | number;
  onValue: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="bulk-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onValue(e.target.value)}>
        {children}
      </select>
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

/** The form's values: the bulk command's target as chosen (null: the first offered) and the command. */
interface BulkValues {
  target: BulkTarget;
  branch: number | null;
  targetScene: number | null;
  type: SignageCommandType;
  showScene: number | null;
}
const START: BulkValues = { target: 'selected', branch: null, targetScene: null, type: 'reload', showScene: null };

/**
 * Aborts the open commands of the last bulk send, a few at a time; one that finished meanwhile (409) is no failure,
 * any other failure is reported once with a retry.
 */
function useBulkAbort(devices: SignageDevice[], sent: BulkSent | null, onChange: () => unknown) {
  const notices = useNotices();
  const [aborting, setAborting] = useState(false);
  const abort = async () => {
    if (!sent) return;
    setAborting(true);
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
    setAborting(false);
    if (failure) notices.error(errorMessage(failure, t('backoffice.commandAbortFailed')), () => abort(), failure);
  };
  return { abort, aborting };
}

/** How far the last bulk send got, counted by state, with the button that aborts the open ones. */
function BulkProgress({
  sent,
  devices,
  busy,
  onAbort,
}: {
  sent: BulkSent | null;
  devices: SignageDevice[];
  busy: boolean;
  onAbort: () => void;
}) {
  const progress = sent ? bulkProgress(sent, devices) : null;
  if (!progress) return null;
  return (
    <p role="status" data-testid="bulk-progress">
      {f(S.bulkProgress, { n: sent?.size ?? 0 })}{' '}
      {progress.counts.map(([state, n]) => `${S.commandStates[state]}: ${n}`).join(', ')}
      <button type="button" disabled={busy || progress.open === 0} onClick={onAbort}>
        {f(S.bulkAbort, { n: progress.open })}
      </button>
    </p>
  );
}

/** The bulk command's target: the ticked TVs, a branch's or a scene's, with the branch or scene chosen. */
function BulkTargetFields({
  id,
  values,
  chosen,
  set,
  selected,
  branches,
  scenes,
  branchName,
}: {
  id: string;
  values: BulkValues;
  chosen: { branch: number | null; targetScene: number | null };
  set: <K extends keyof BulkValues>(key: K, value: BulkValues[K]) => void;
  selected: number;
  branches: number[];
  scenes: Scene[];
  branchName: (id: number) => string;
}) {
  return (
    <>
      <SelectField
        id={`${id}-target`}
        label={S.bulkTarget}
        value={values.target}
        onValue={(v) => set('target', v as BulkTarget)}
      >
        <option value="selected">{f(S.bulkSelected, { n: selected })}</option>
        <option value="branch">{S.bulkBranch}</option>
        <option value="scene">{S.bulkScene}</option>
      </SelectField>
      {values.target === 'branch' && (
        <SelectField
          id={`${id}-branch`}
          label={T.fields.branch}
          value={chosen.branch ?? ''}
          onValue={(v) => set('branch', Number(v))}
        >
          <Options choices={branches.map((b) => ({ value: b, label: branchName(b) }))} />
        </SelectField>
      )}
      {values.target === 'scene' && (
        <SelectField
          id={`${id}-scene`}
          label={S.scene}
          value={chosen.targetScene ?? ''}
          onValue={(v) => set('targetScene', Number(v))}
        >
          <SceneOptions scenes={scenes} />
        </SelectField>
      )}
    </>
  );
}

/**
 * The bulk command's body from the form's values (a target left unchosen is the first offered), and the schema that
 * checks the body with the contract's SignageBulkCommandInput.
 */
function useBulkBody(devices: SignageDevice[], selected: Set<number>, scenes: Scene[]) {
  const branches = [...new Set(devices.map((d) => d.branch))].sort((a, b) => a - b);
  const chosen = (v: BulkValues) => ({
    branch: v.branch ?? branches[0] ?? null,
    targetScene: v.targetScene ?? scenes[0]?.id ?? null,
    showScene: v.showScene ?? scenes[0]?.id ?? null,
  });
  const sceneDevices = (v: BulkValues) =>
    devices.filter((d) => d.isEnabled && d.scene === chosen(v).targetScene).map((d) => d.id);
  const body = (v: BulkValues): SignageBulkCommandInput => {
    const command = { type: v.type, scene: v.type === 'show-scene' ? chosen(v).showScene : null };
    if (v.target === 'branch') return { ...command, branch: chosen(v).branch };
    // a scene's TVs are named one by one: the API's own targets are a branch or a stream
    return { ...command, devices: v.target === 'scene' ? sceneDevices(v) : [...selected] };
  };
  const schema = z.custom<BulkValues>().transform(body).pipe(SignageBulkCommandInput);
  return { branches, chosen, sceneDevices, body, schema };
}

/**
 * One command to many TVs (POST /api/digital-signage-devices/command): the TVs ticked in the list, all enabled TVs
 * of a branch, or the enabled TVs showing a scene; then how far each got (counted by state, and on each TV's row),
 * and one button that aborts those still open. The form's values become the body that the contract's
 * SignageBulkCommandInput checks (useContractForm).
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
  const { branches, chosen, sceneDevices, body, schema } = useBulkBody(devices, selected, scenes);
  const { form, onSubmit, saving } = useContractForm(schema, {
    defaultValues: START,
    send: async (values) => {
      const url = apiUrl('/api/digital-signage-devices/command');
      const result: SignageBulkCommandResult = await api.post(url, body(values));
      onSent(new Map(result.devices.map((d) => [d.id, d.command])));
      notices.success(f(S.bulkSent, { n: result.count }));
      await onChange();
    },
    failed: (err, retry) => notices.error(errorMessage(err, t('backoffice.commandFailed')), retry, err),
  });
  const { abort, aborting } = useBulkAbort(devices, sent, onChange);
  const values = { ...START, ...useWatch({ control: form.control }) } as BulkValues;
  const set = <K extends keyof BulkValues>(key: K, value: BulkValues[K]) =>
    form.setValue(key, value as PathValue<BulkValues, K>);
  const count =
    values.target === 'selected' ? selected.size : values.target === 'scene' ? sceneDevices(values).length : null;
  const busy = saving || aborting;

  return (
    <form className="bulk-command" aria-label={S.bulkTitle} onSubmit={(e) => void onSubmit(e)}>
      <h2>{S.bulkTitle}</h2>
      <BulkTargetFields
        id={id}
        values={values}
        chosen={chosen(values)}
        set={set}
        selected={selected.size}
        branches={branches}
        scenes={scenes}
        branchName={branchName}
      />
      <SelectField
        id={`${id}-type`}
        label={S.command}
        value={values.type}
        onValue={(v) => set('type', v as SignageCommandType)}
      >
        <CommandTypeOptions />
      </SelectField>
      {values.type === 'show-scene' && (
        <SelectField
          id={`${id}-show`}
          label={S.sceneToShow}
          value={chosen(values).showScene ?? ''}
          onValue={(v) => set('showScene', Number(v))}
        >
          <SceneOptions scenes={scenes} />
        </SelectField>
      )}
      <button type="submit" disabled={busy || count === 0}>
        {count === null ? S.send : f(S.bulkSendTo, { n: count })}
      </button>
      <BulkProgress sent={sent} devices={devices} busy={busy} onAbort={() => void abort()} />
    </form>
  );
}
