import { zodResolver } from '@hookform/resolvers/zod';
import { WorkingScheduleInput, type User, type WorkingSchedule } from '@shop/contracts';
import {
  addDays,
  daysOf,
  formatLocalDate,
  localDate,
  planConflicts,
  shiftInterval,
  weekdayName,
  weekdayOf,
  weekOf,
} from '@shop/domain';
import { format, isMessageKey, t } from '@shop/i18n-de';
import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import useSWR from 'swr';
import type { z } from 'zod';
import { ApiError, api, apiUrl, errorMessage } from '../../api/client';
import { resourceFailure } from '../../texts';
import { LoadError } from '../../ui/notices';
import { ErrorText, invalidProps } from '../resources/ErrorText';
import { BranchFilter } from './BranchFilter';
import { TT } from './time-texts';
import { useBranchRules, useHomeZone } from './use-branch-rules';
import { staffName, useStaff } from './use-staff';

const ShiftSchema = WorkingScheduleInput.omit({ note: true });
type ShiftValues = z.output<typeof ShiftSchema>;
type Draft = ShiftValues & { id?: number; note: string | null };

/** a zod issue of the contract's schema in German (its message is a catalogue key, or the kind of problem) */
function issueText(e: FieldError | undefined): string | undefined {
  if (!e) return undefined;
  if (e.message && isMessageKey(e.message)) return t(e.message);
  if (e.type === 'invalid_type') return t('validation.required');
  if (e.type === 'too_small' || e.type === 'too_big') return t('validation.range', { min: 0, max: 600 });
  return t('validation.regex');
}

const overlaps = (a: Draft, b: WorkingSchedule, timeZone: string) => {
  const x = shiftInterval(a, timeZone);
  const y = shiftInterval(b, timeZone);
  return a.user === b.user && x.start < y.end && y.start < x.end;
};
const toBody = (d: Draft) => ({
  user: d.user,
  branch: d.branch,
  date: d.date,
  start: d.start,
  end: d.end,
  breakMinutes: d.breakMinutes,
  note: d.note,
});

/**
 * The week schedule planner of a branch (issue 19, administrators and branch managers): a row per staff member and
 * a column per day; add a shift in a cell, move or change it in its form (user, day, times), copy last week's
 * shifts, and see the plan's conflicts and working-time law warnings as it changes.
 */
export default function PlannerPage() {
  const [branch, setBranch] = useState('');
  // the week of today in the chosen branch's zone (before: the user's home zone) until the user turns the week
  const [turned, setMonday] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const branchId = branch ? Number(branch) : undefined;
  // judged by the rule set of the branch's division, in the branch's time zone
  const rules = useBranchRules(branchId);
  const homeZone = useHomeZone();
  const monday = turned ?? weekOf(localDate(new Date(), branchId ? rules.timeZone : homeZone));
  const staff = useStaff(branchId);
  const days = daysOf(monday, addDays(monday, 6));
  const weekKey = (from: string) =>
    branchId
      ? apiUrl('/api/working-schedules', {}, { branch: branchId, from, to: addDays(from, 6), perPage: 500 })
      : null;
  const plan = useSWR(weekKey(monday), (url) => api.get(url));
  const shifts = plan.data ?? [];
  const people: Pick<User, 'id'>[] = [...(staff.data ?? [])];
  for (const s of shifts) if (!people.some((p) => p.id === s.user)) people.push({ id: s.user });
  const conflicts = planConflicts(shifts, rules.ruleSet, rules.timeZone);

  const copyLastWeek = async () => {
    const lastWeek = weekKey(addDays(monday, -7));
    if (!lastWeek) return;
    setError(null);
    setMessage(null);
    try {
      const last = await api.get(lastWeek);
      let copied = 0;
      const planned = [...shifts];
      for (const s of last) {
        const moved: Draft = { ...s, date: addDays(s.date, 7) };
        if (planned.some((p) => overlaps(moved, p, rules.timeZone))) continue;
        planned.push(await api.post('/api/working-schedules', toBody(moved)));
        copied += 1;
      }
      setMessage(format(TT.copied, { copied, skipped: last.length - copied }));
    } catch (err) {
      setError(errorMessage(err, resourceFailure('working-schedules', 'create')));
    } finally {
      void plan.mutate();
    }
  };

  return (
    <section className="planner">
      <h1>{TT.planner}</h1>
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        <BranchFilter id="planner-branch" value={branch} onChange={setBranch} />
        <button type="button" onClick={() => setMonday(addDays(monday, -7))}>
          {TT.previousWeek}
        </button>
        <span className="filter" aria-live="polite">
          {format(TT.weekFrom, { date: formatLocalDate(monday) })}
        </span>
        <button type="button" onClick={() => setMonday(addDays(monday, 7))}>
          {TT.nextWeek}
        </button>
        {branchId && (
          <button type="button" onClick={() => void copyLastWeek()}>
            {TT.copyLastWeek}
          </button>
        )}
      </form>
      {!branchId && <p>{TT.chooseBranch}</p>}
      {message && <p role="status">{message}</p>}
      {error && (
        <p className="load-error" role="alert">
          {error}
        </p>
      )}
      {plan.error && (
        <LoadError
          message={resourceFailure('working-schedules', 'load')}
          retry={() => plan.mutate()}
          error={plan.error}
        />
      )}
      {branchId && plan.data && (
        <>
          <div className="table-scroll">
            <table className="planner-grid">
              <thead>
                <tr>
                  <th scope="col">{TT.user}</th>
                  {days.map((d) => (
                    <th scope="col" key={d}>
                      {weekdayName(weekdayOf(d))} {formatLocalDate(d)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {people.map((p) => {
                  const name = staffName(staff.data, p.id);
                  return (
                    <tr key={p.id}>
                      <th scope="row">{name}</th>
                      {days.map((d) => (
                        <td key={d}>
                          {shifts
                            .filter((s) => s.user === p.id && s.date === d)
                            .map((s) => (
                              <button
                                type="button"
                                className="shift"
                                key={s.id}
                                aria-label={`${TT.editShift}: ${name}, ${formatLocalDate(d)} ${s.start}–${s.end}`}
                                onClick={() => setDraft({ ...s })}
                              >
                                {s.start}–{s.end}
                              </button>
                            ))}
                          <button
                            type="button"
                            className="add-shift"
                            aria-label={format(TT.addShiftFor, { name, date: formatLocalDate(d) })}
                            onClick={() =>
                              setDraft({
                                user: p.id,
                                branch: branchId,
                                date: d,
                                start: '08:00',
                                end: '16:30',
                                breakMinutes: 30,
                                note: null,
                              })
                            }
                          >
                            +
                          </button>
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <h2>{TT.conflicts}</h2>
          {conflicts.length === 0 ? (
            <p>{TT.noConflicts}</p>
          ) : (
            <ul className="plan-conflicts">
              {conflicts.map((c, i) => (
                <li key={i}>
                  {staffName(staff.data, c.user)}, {formatLocalDate(c.date)}: {c.message}
                  {c.source && ` (${c.source})`}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {draft && (
        <ShiftForm
          key={draft.id ?? `${draft.user}-${draft.date}`}
          draft={draft}
          staff={people.map((p) => ({ id: p.id, name: staffName(staff.data, p.id) }))}
          onDone={() => {
            setDraft(null);
            void plan.mutate();
          }}
          onCancel={() => setDraft(null)}
        />
      )}
    </section>
  );
}

/** One shift: add, or change (another person, day or time moves it), or delete; the server's field errors beside. */
function ShiftForm(props: {
  draft: Draft;
  staff: Array<{ id: number; name: string }>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { draft } = props;
  const form = useForm<z.input<typeof ShiftSchema>, unknown, ShiftValues>({
    resolver: zodResolver(ShiftSchema),
    defaultValues: draft,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const errors = form.formState.errors;
  const save = form.handleSubmit(async (values) => {
    setFailure(null);
    const body = toBody({ ...draft, ...values });
    try {
      if (draft.id) await api.put(apiUrl('/api/working-schedules/{id}', { id: draft.id }), body);
      else await api.post('/api/working-schedules', body);
      props.onDone();
    } catch (err) {
      if (err instanceof ApiError)
        for (const [field, text] of Object.entries(err.fieldErrors()))
          form.setError(field as keyof ShiftValues, { type: 'server', message: text });
      setFailure(errorMessage(err, resourceFailure('working-schedules', draft.id ? 'update' : 'create')));
    }
  });
  const remove = async () => {
    if (!draft.id) return;
    try {
      await api.delete(apiUrl('/api/working-schedules/{id}', { id: draft.id }));
      props.onDone();
    } catch (err) {
      setFailure(errorMessage(err, resourceFailure('working-schedules', 'delete')));
    }
  };
  const message = (name: keyof ShiftValues) => {
    const e = errors[name];
    return e?.type === 'server' ? e.message : issueText(e);
  };
  const field = (name: keyof ShiftValues, label: string, input: React.ReactNode) => (
    <div className="field">
      <label htmlFor={`shift-${name}`}>{label}</label>
      {input}
      <ErrorText id={`shift-${name}`} message={message(name)} />
    </div>
  );

  return (
    <form className="shift-form" aria-label={draft.id ? TT.editShift : TT.addShift} onSubmit={(e) => void save(e)}>
      <h2>{draft.id ? TT.editShift : TT.addShift}</h2>
      {failure && (
        <p className="load-error" role="alert">
          {failure}
        </p>
      )}
      {field(
        'user',
        TT.user,
        <select
          id="shift-user"
          defaultValue={String(draft.user)}
          {...form.register('user', { valueAsNumber: true })}
          {...invalidProps('shift-user', message('user'))}
        >
          {props.staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>,
      )}
      {field(
        'date',
        TT.date,
        <input
          id="shift-date"
          type="date"
          {...form.register('date')}
          {...invalidProps('shift-date', message('date'))}
        />,
      )}
      {field(
        'start',
        TT.from,
        <input
          id="shift-start"
          type="time"
          {...form.register('start')}
          {...invalidProps('shift-start', message('start'))}
        />,
      )}
      {field(
        'end',
        TT.to,
        <input id="shift-end" type="time" {...form.register('end')} {...invalidProps('shift-end', message('end'))} />,
      )}
      {field(
        'breakMinutes',
        TT.breakMinutes,
        <input
          id="shift-breakMinutes"
          type="number"
          min={0}
          max={600}
          {...form.register('breakMinutes', { valueAsNumber: true })}
          {...invalidProps('shift-breakMinutes', message('breakMinutes'))}
        />,
      )}
      <p className="actions">
        <button type="submit" disabled={form.formState.isSubmitting}>
          {TT.save}
        </button>
        <button type="button" onClick={props.onCancel}>
          {TT.cancel}
        </button>
        {draft.id && (
          <button type="button" className="danger" onClick={() => void remove()}>
            {TT.delete}
          </button>
        )}
      </p>
    </form>
  );
}
