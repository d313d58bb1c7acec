import { ACTIVITY_KINDS, ActivityCorrectionInput, type ActivityKind, type WorkingActivity } from '@shop/contracts';
import { addDays, formatTime, localDate, parseTime, zonedInstant } from '@shop/domain';
import { TIME_TRACKING_UI_TEXTS as U } from '@shop/i18n-de';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../api/client';
import { resourceFailure } from '../../texts';
import { Dialog } from '../../ui/Dialog';
import { useContractForm } from '../../ui/contract-form';
import { Options, byId, labelled } from '../../ui/Options';
import { ErrorText, invalidProps } from '../resources/ErrorText';
import { TT } from './time-texts';
import type { User, Branch } from '@shop/contracts';

/** The form's values: the day and the times as the person reads them in the branch's zone. */
export interface ActivityValues {
  user: string;
  branch: string;
  kind: ActivityKind;
  date: string;
  start: string;
  end: string;
  endsNextDay: boolean;
  halfDay: boolean;
  note: string;
  reason: string;
}

/** What the form edits: a new activity (with the filter's person and branch), or an existing one. */
export type ActivityTarget =
  { mode: 'create'; user?: number; branch?: number } | { mode: 'update'; activity: WorkingActivity };

const hhmm = (iso: string, zone: string) => formatTime(iso, zone).slice(0, 5);

export function valuesOf(target: ActivityTarget, zoneOf: (branch: number) => string): ActivityValues {
  if (target.mode === 'create')
    return {
      user: target.user ? String(target.user) : '',
      branch: target.branch ? String(target.branch) : '',
      kind: 'work',
      date: localDate(new Date(), target.branch ? zoneOf(target.branch) : zoneOf(0)),
      start: '',
      end: '',
      endsNextDay: false,
      halfDay: false,
      note: '',
      reason: '',
    };
  const a = target.activity;
  const zone = zoneOf(a.branch);
  const date = localDate(new Date(a.start), zone);
  return {
    user: String(a.user),
    branch: String(a.branch),
    kind: a.kind,
    date,
    start: hhmm(a.start, zone),
    end: a.end ? hhmm(a.end, zone) : '',
    endsNextDay: !!a.end && localDate(new Date(a.end), zone) > date,
    halfDay: a.halfDay,
    note: a.note ?? '',
    reason: '',
  };
}

/**
 * The body of a correction (or a correction request) from the form: start and end on the chosen day in the
 * branch's zone, the end on the next day only when "Endet am Folgetag" is ticked (issue 41: 12:00 to 08:00 is never
 * silently 20 hours; the server says so in German on the end field). An update keeps the activity's project, task
 * and pauses.
 */
export function bodyOf(v: ActivityValues, target: ActivityTarget, zoneOf: (branch: number) => string) {
  const branch = Number(v.branch);
  const zone = zoneOf(branch);
  const at = (date: string, time: string) => zonedInstant(date, parseTime(time), zone).toISOString();
  const start = v.date && v.start ? at(v.date, v.start) : '';
  const end = v.date && v.end ? at(v.endsNextDay ? addDays(v.date, 1) : v.date, v.end) : null;
  const kept = target.mode === 'update' ? target.activity : { project: null, task: null, pauses: [] };
  const fields = {
    // an update keeps its person (the select is disabled then, and a disabled control has no value)
    user: target.mode === 'update' ? target.activity.user : Number(v.user),
    branch,
    project: kept.project,
    task: kept.task,
    kind: v.kind,
    start,
    end,
    pauses: kept.pauses,
    note: v.note.trim() || null,
    halfDay: v.halfDay,
    endsNextDay: v.endsNextDay,
    reason: v.reason,
  };
  return target.mode === 'update'
    ? { action: 'update' as const, activity: target.activity.id, ...fields }
    : { action: 'create' as const, ...fields };
}

const kinds = labelled(ACTIVITY_KINDS, TT.kinds);

/**
 * Adding or changing a working activity in a dialog (issue 41): a manager's correction (applied at once) or an
 * employee's correction request, always with a reason. On react-hook-form with the contract's
 * ActivityCorrectionInput (useContractForm); the server's German field errors land at their fields, inside the
 * dialog, since everything behind a modal dialog is inert.
 */
export function ActivityForm({
  target,
  staff,
  branches,
  zoneOf,
  title,
  send,
  onClose,
}: {
  target: ActivityTarget;
  staff: readonly User[];
  branches: readonly Branch[];
  zoneOf: (branch: number) => string;
  title: string;
  send: (body: ActivityCorrectionInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<ActivityValues>()
        .transform((v): ActivityCorrectionInput => bodyOf(v, target, zoneOf))
        .pipe(ActivityCorrectionInput),
    [target, zoneOf],
  );
  const [defaults] = useState(() => valuesOf(target, zoneOf));
  const { form, errors, onSubmit, saving } = useContractForm(schema, {
    defaultValues: defaults,
    send: async (values) => {
      setFailure(null);
      await send(bodyOf(values, target, zoneOf));
      onClose();
    },
    failed: (err) =>
      setFailure(
        errorMessage(err, resourceFailure('working-activities', target.mode === 'create' ? 'create' : 'update')),
      ),
  });
  const field = (name: keyof ActivityValues) => ({
    id: `activity-${name}`,
    ...invalidProps(`activity-${name}`, errors[name]),
  });
  const isAbsence = form.watch('kind') !== 'work';

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="activity-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <label htmlFor="activity-user">{TT.user}</label>
        {/* the defaults also as the selects' own: a select whose value is set before its options shows none */}
        <select
          {...field('user')}
          defaultValue={defaults.user}
          disabled={target.mode === 'update'}
          {...form.register('user')}
        >
          <option value="" />
          <Options choices={byId(staff, (u) => u.displayName || u.username)} />
        </select>
        <ErrorText id="activity-user" message={errors.user} />
        <label htmlFor="activity-branch">{TT.branch}</label>
        <select {...field('branch')} defaultValue={defaults.branch} {...form.register('branch')}>
          <option value="" />
          <Options choices={byId(branches, (b) => b.name)} />
        </select>
        <ErrorText id="activity-branch" message={errors.branch} />
        <label htmlFor="activity-kind">{TT.kind}</label>
        <select {...field('kind')} defaultValue={defaults.kind} {...form.register('kind')}>
          <Options choices={kinds} />
        </select>
        <label htmlFor="activity-date">{TT.date}</label>
        <input type="date" {...field('date')} {...form.register('date')} />
        <ErrorText id="activity-date" message={errors.date} />
        <label htmlFor="activity-start">{U.startTime}</label>
        <input type="time" {...field('start')} {...form.register('start')} />
        <ErrorText id="activity-start" message={errors.start} />
        <label htmlFor="activity-end">{U.endTime}</label>
        <input type="time" {...field('end')} aria-description={U.endHelp} {...form.register('end')} />
        <ErrorText id="activity-end" message={errors.end} />
        <label className="check">
          <input type="checkbox" {...form.register('endsNextDay')} /> {TT.endsNextDay}
        </label>
        {isAbsence && (
          <label className="check">
            <input type="checkbox" {...form.register('halfDay')} /> {TT.halfDay}
          </label>
        )}
        <ErrorText id="activity-halfDay" message={errors.halfDay} />
        <label htmlFor="activity-note">{TT.note}</label>
        <textarea rows={2} maxLength={2000} {...field('note')} {...form.register('note')} />
        <ErrorText id="activity-note" message={errors.note} />
        <label htmlFor="activity-reason">{TT.reason}</label>
        <textarea
          rows={2}
          maxLength={1000}
          required
          {...field('reason')}
          aria-description={U.reasonHelp}
          {...form.register('reason')}
        />
        <ErrorText id="activity-reason" message={errors.reason} />
        <p className="dialog-buttons">
          <button type="submit" className="primary" disabled={saving}>
            {TT.save}
          </button>{' '}
          <button type="button" onClick={onClose}>
            {TT.cancel}
          </button>
        </p>
      </form>
    </Dialog>
  );
}

/** Deleting an activity (a correction with its reason, or a request to delete one's own). */
export function DeleteActivityForm({
  activity,
  title,
  send,
  onClose,
}: {
  activity: WorkingActivity;
  title: string;
  send: (body: ActivityCorrectionInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .object({ reason: z.string() })
        .transform((v): ActivityCorrectionInput => ({ action: 'delete', activity: activity.id, reason: v.reason }))
        .pipe(ActivityCorrectionInput),
    [activity.id],
  );
  const { form, errors, onSubmit, saving } = useContractForm(schema, {
    defaultValues: { reason: '' },
    send: async ({ reason }) => {
      setFailure(null);
      await send({ action: 'delete', activity: activity.id, reason });
      onClose();
    },
    failed: (err) => setFailure(errorMessage(err, resourceFailure('working-activities', 'delete'))),
  });
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <label htmlFor="delete-reason">{TT.reason}</label>
        <textarea
          id="delete-reason"
          rows={2}
          maxLength={1000}
          required
          {...invalidProps('delete-reason', errors.reason)}
          {...form.register('reason')}
        />
        <ErrorText id="delete-reason" message={errors.reason} />
        <p className="dialog-buttons">
          <button type="submit" className="danger" disabled={saving}>
            {TT.delete}
          </button>{' '}
          <button type="button" onClick={onClose}>
            {TT.cancel}
          </button>
        </p>
      </form>
    </Dialog>
  );
}
