import type { User, WorkingSchedule } from '@shop/contracts';
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
import { format } from '@shop/i18n-de';
import { useState } from 'react';
import useSWR from 'swr';
import { api, apiUrl, errorMessage } from '../../api/client';
import { resourceFailure } from '../../texts';
import { TableHead } from '../../ui/DataTable';
import { LoadFailed } from '../../ui/notices';
import { BranchFilter } from './BranchFilter';
import { shiftBody, ShiftForm, type ShiftDraft } from './ShiftForm';
import { TT } from './time-texts';
import { useBranchRules, useHomeZone } from './use-branch-rules';
import { staffName, useStaff } from './use-staff';

type Draft = ShiftDraft;

const overlaps = (a: Draft, b: WorkingSchedule, timeZone: string) => {
  const x = shiftInterval(a, timeZone);
  const y = shiftInterval(b, timeZone);
  return a.user === b.user && x.start < y.end && y.start < x.end;
};
/**
 * The planner's week of a branch: the week of today in the branch's zone (before a branch is chosen: the user's home
 * zone) until the user turns it, its shifts, the staff of the branch with anyone planned who is not listed, and the
 * plan's conflicts by the rule set of the branch's division, in the branch's time zone.
 */
function usePlannerWeek(branchId: number | undefined) {
  const [turned, setMonday] = useState<string | null>(null);
  const rules = useBranchRules(branchId);
  const homeZone = useHomeZone();
  const monday = turned ?? weekOf(localDate(new Date(), branchId ? rules.timeZone : homeZone));
  const staff = useStaff(branchId);
  const weekKey = (from: string) =>
    branchId
      ? apiUrl('/api/working-schedules', {}, { branch: branchId, from, to: addDays(from, 6), perPage: 500 })
      : null;
  const plan = useSWR(weekKey(monday), (url) => api.get(url));
  const shifts = plan.data ?? [];
  const people: Pick<User, 'id'>[] = [...(staff.data ?? [])];
  for (const s of shifts) if (!people.some((p) => p.id === s.user)) people.push({ id: s.user });
  const conflicts = planConflicts(shifts, rules.ruleSet, rules.timeZone);
  const nameOf = (user: number) => staffName(staff.data, user);
  return { monday, setMonday, weekKey, plan, shifts, people, conflicts, nameOf, timeZone: rules.timeZone };
}

/**
 * 'Letzte Woche übernehmen': last week's shifts seven days later, each one that overlaps nothing planned (one by
 * one, so two copied shifts do not overlap either); how many were copied and skipped is said.
 */
function useCopyLastWeek(week: ReturnType<typeof usePlannerWeek>) {
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const copy = async () => {
    const lastWeek = week.weekKey(addDays(week.monday, -7));
    if (!lastWeek) return;
    setError(null);
    setMessage(null);
    try {
      const last = await api.get(lastWeek);
      let copied = 0;
      const planned = [...week.shifts];
      for (const s of last) {
        const moved: Draft = { ...s, date: addDays(s.date, 7) };
        if (planned.some((p) => overlaps(moved, p, week.timeZone))) continue;
        planned.push(await api.post('/api/working-schedules', shiftBody(moved)));
        copied += 1;
      }
      setMessage(format(TT.copied, { copied, skipped: last.length - copied }));
    } catch (err) {
      setError(errorMessage(err, resourceFailure('working-schedules', 'create')));
    } finally {
      void week.plan.mutate();
    }
  };
  return { message, error, copy };
}

/**
 * The week schedule planner of a branch (issue 19, administrators and branch managers): a row per staff member and
 * a column per day; add a shift in a cell, move or change it in its form (user, day, times), copy last week's
 * shifts, and see the plan's conflicts and working-time law warnings as it changes.
 */
export default function PlannerPage() {
  const [branch, setBranch] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const branchId = branch ? Number(branch) : undefined;
  const week = usePlannerWeek(branchId);
  const { monday, setMonday, plan, people, nameOf } = week;
  const copying = useCopyLastWeek(week);

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
          <button type="button" onClick={() => void copying.copy()}>
            {TT.copyLastWeek}
          </button>
        )}
      </form>
      {!branchId && <p>{TT.chooseBranch}</p>}
      {copying.message && <p role="status">{copying.message}</p>}
      {copying.error && (
        <p className="load-error" role="alert">
          {copying.error}
        </p>
      )}
      <LoadFailed load={plan} message={resourceFailure('working-schedules', 'load')} />
      {branchId && plan.data && (
        <>
          <PlannerGrid week={week} branch={branchId} onEdit={setDraft} />
          <PlanConflicts conflicts={week.conflicts} nameOf={nameOf} />
        </>
      )}
      {draft && (
        <ShiftForm
          key={draft.id ?? `${draft.user}-${draft.date}`}
          draft={draft}
          staff={people.map((p) => ({ id: p.id, name: nameOf(p.id) }))}
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

/** The week as a grid: a row per person, a cell per day with its shifts (to change) and a button to add one. */
function PlannerGrid({
  week,
  branch,
  onEdit,
}: {
  week: ReturnType<typeof usePlannerWeek>;
  branch: number;
  onEdit: (draft: Draft) => void;
}) {
  const { monday, shifts, people, nameOf } = week;
  const days = daysOf(monday, addDays(monday, 6));
  const newShift = (user: number, date: string): Draft => ({
    user,
    branch,
    date,
    start: '08:00',
    end: '16:30',
    endsNextDay: false,
    breakMinutes: 30,
    note: null,
  });
  return (
    <div className="table-scroll">
      <table className="planner-grid">
        <TableHead headings={[TT.user, ...days.map((d) => `${weekdayName(weekdayOf(d))} ${formatLocalDate(d)}`)]} />
        <tbody>
          {people.map((p) => (
            <tr key={p.id}>
              <th scope="row">{nameOf(p.id)}</th>
              {days.map((d) => (
                <td key={d}>
                  {shifts
                    .filter((s) => s.user === p.id && s.date === d)
                    .map((s) => (
                      <button
                        type="button"
                        className="shift"
                        key={s.id}
                        aria-label={`${TT.editShift}: ${nameOf(p.id)}, ${formatLocalDate(d)} ${s.start}–${s.end}`}
                        onClick={() => onEdit({ ...s })}
                      >
                        {s.start}–{s.end}
                      </button>
                    ))}
                  <button
                    type="button"
                    className="add-shift"
                    aria-label={format(TT.addShiftFor, { name: nameOf(p.id), date: formatLocalDate(d) })}
                    onClick={() => onEdit(newShift(p.id, d))}
                  >
                    +
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The plan's conflicts and working-time law warnings, by person and day (with the law's source). */
function PlanConflicts({
  conflicts,
  nameOf,
}: {
  conflicts: ReturnType<typeof planConflicts>;
  nameOf: (user: number) => string;
}) {
  return (
    <>
      <h2>{TT.conflicts}</h2>
      {conflicts.length === 0 ? (
        <p>{TT.noConflicts}</p>
      ) : (
        <ul className="plan-conflicts">
          {conflicts.map((c, i) => (
            <li key={i}>
              {nameOf(c.user)}, {formatLocalDate(c.date)}: {c.message}
              {c.source && ` (${c.source})`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
