import type { ActivityCorrectionInput, WorkingActivity } from '@shop/contracts';
import { DEFAULT_TIME_ZONE, addDays, formatDate, formatDuration, formatTime, localDate } from '@shop/domain';
import { format, t, TIME_TRACKING_UI_TEXTS as U } from '@shop/i18n-de';
import { Fragment, useCallback, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, apiUrl } from '../../api/client';
import { branchName, useBranches } from '../../api/use-branches';
import { resourceFailure } from '../../texts';
import { TableHead } from '../../ui/DataTable';
import { InputFilter, SelectFilter } from '../../ui/filter-form';
import { LoadFailed, useNotices } from '../../ui/notices';
import { byId } from '../../ui/Options';
import { isAdmin, useMe } from '../auth/use-me';
import { AuditTrail } from './AuditTrail';
import { ActivityForm, DeleteActivityForm, type ActivityTarget } from './ActivityForm';
import { BranchFilter } from './BranchFilter';
import { CorrectionRequests } from './CorrectionRequests';
import { TT } from './time-texts';
import { ttApi } from './tt-api';
import { staffName, useStaff } from './use-staff';

const monthStart = () => `${localDate(new Date(), DEFAULT_TIME_ZONE).slice(0, 7)}-01`;
const monthEnd = (first: string) => addDays(`${addDays(first, 32).slice(0, 7)}-01`, -1);

/** Who manages time (administrators, branch managers): corrections apply at once; others request them. */
export const managesTime = (roles: readonly string[] | undefined) =>
  !!roles?.some((r) => r === 'ROLE_ADMIN' || r === 'ROLE_BRANCH_MANAGER');

/**
 * #/working-activities (issue 41, items 4 and 8): the working activities filtered by person, branch and period,
 * each with who recorded it and its audit trail. Who manages the branch adds, changes and deletes them with a
 * reason (a correction, applied at once: balances follow); an employee requests a correction of their own, which
 * a manager approves or rejects below. The person's time balance and holiday account of the period stand beside.
 */
export default function WorkingActivitiesPage() {
  const me = useMe();
  const manager = managesTime(me.data?.roles);
  const staff = useStaff();
  const branches = useBranches();
  const notices = useNotices();
  const [user, setUser] = useState('');
  const [branch, setBranch] = useState('');
  const [from, setFrom] = useState(monthStart());
  const [to, setTo] = useState(monthEnd(monthStart()));
  const [editing, setEditing] = useState<ActivityTarget | null>(null);
  const [deleting, setDeleting] = useState<WorkingActivity | null>(null);
  const [trail, setTrail] = useState<number | null>(null);

  // an employee sees their own; without a person chosen the server answers the logged-in user's
  const who = manager ? user : String(me.data?.id ?? '');
  const query = {
    ...(who ? { user: Number(who) } : {}),
    ...(branch ? { branch: Number(branch) } : {}),
    from,
    to,
  };
  const activities = useSWR(me.data ? apiUrl('/api/working-activities', {}, query) : null, (url) => api.get(url));
  const balances = useSWR(who ? apiUrl('/api/time-sheets/balances', {}, query) : null, (url) => api.get(url));
  const holidays = useSWR(
    who ? apiUrl('/api/time-sheets/holiday-balances', {}, { user: Number(who), year: Number(from.slice(0, 4)) }) : null,
    (url) => api.get(url),
  );

  const zoneOf = useCallback(
    (id: number) => branches.data?.find((b) => b.id === id)?.timezone ?? DEFAULT_TIME_ZONE,
    [branches.data],
  );
  const { mutate } = useSWRConfig();
  const reload = () => {
    // a request (or a correction that settles one) shows in the pending requests below
    void mutate((k) => typeof k === 'string' && k.startsWith('/api/time-tracking/correction-requests'));
    void activities.mutate();
    void balances.mutate();
    void holidays.mutate();
  };
  /** an employee changes their own entries directly; the clock's and corrections' records only by a request */
  const ownEntry = (a: WorkingActivity) => !manager && a.source === 'entry';
  const sourceOf = (id: number) => activities.data?.find((a) => a.id === id)?.source;
  const send = async (body: ActivityCorrectionInput) => {
    if (manager) await ttApi.correct(body);
    else if (body.action === 'create') await ttApi.addOwn(body);
    else if (sourceOf(body.activity) === 'entry') await ttApi.changeOwn(body);
    else {
      await ttApi.requestCorrection(body);
      notices.success(U.requested);
      reload();
      return;
    }
    notices.success(body.action === 'delete' ? U.deleted : U.saved);
    reload();
  };
  const correctLabel = (a: WorkingActivity) => (manager || ownEntry(a) ? U.correctActivity : TT.requestCorrection);
  const balance = balances.data?.[0];
  const holiday = holidays.data?.[0];

  return (
    <section className="working-activities">
      <h1>{U.workingActivities}</h1>
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        {manager && (
          <SelectFilter
            id="activities-user"
            label={TT.user}
            any={U.anyone}
            choices={byId(staff.data, (u) => u.displayName || u.username)}
            value={user}
            onChange={(e) => setUser(e.target.value)}
          />
        )}
        <BranchFilter id="activities-branch" value={branch} onChange={setBranch} />
        <InputFilter
          id="activities-from"
          label={U.fromDate}
          type="date"
          value={from}
          max={to}
          onChange={(e) => e.target.value && setFrom(e.target.value)}
        />
        <InputFilter
          id="activities-to"
          label={U.toDate}
          type="date"
          value={to}
          min={from}
          onChange={(e) => e.target.value && setTo(e.target.value)}
        />
      </form>
      <p>
        <button
          type="button"
          className="primary"
          onClick={() =>
            setEditing({
              mode: 'create',
              user: who ? Number(who) : undefined,
              branch: branch ? Number(branch) : undefined,
            })
          }
        >
          {U.addActivity}
        </button>
      </p>

      {who && (
        <>
          <LoadFailed load={balances} message={t('backoffice.balancesFailed')} />
          <LoadFailed load={holidays} message={t('backoffice.holidayBalancesFailed')} />
          {(balance || holiday) && (
            <dl className="time-balance" aria-label={TT.balance}>
              {balance && (
                <>
                  <dt>{TT.planned}</dt>
                  <dd data-testid="planned">{formatDuration(balance.plannedMinutes)}</dd>
                  <dt>{TT.worked}</dt>
                  <dd data-testid="worked">{formatDuration(balance.workedMinutes)}</dd>
                  <dt>{TT.overtime}</dt>
                  <dd data-testid="overtime">{formatDuration(balance.overtimeMinutes)}</dd>
                </>
              )}
              {holiday && (
                <>
                  <dt>{TT.holidays}</dt>
                  <dd data-testid="holiday-remaining">{format(TT.days, { n: holiday.remainingDays })}</dd>
                </>
              )}
            </dl>
          )}
        </>
      )}

      <LoadFailed load={activities} message={resourceFailure('working-activities', 'load')} />
      {activities.data && activities.data.length === 0 && <p>{U.noActivities}</p>}
      {activities.data && activities.data.length > 0 && (
        <table className="time-activities">
          <TableHead
            headings={[TT.date, TT.user, TT.branch, TT.kind, TT.from, TT.to, TT.net, U.source, TT.warnings, '']}
          />
          <tbody>
            {activities.data.map((a) => {
              const zone = zoneOf(a.branch);
              return (
                <Fragment key={a.id}>
                  <tr data-testid={`activity-${a.id}`}>
                    <td>{formatDate(a.start, zone)}</td>
                    <td>{staffName(staff.data, a.user)}</td>
                    <td>{branchName(branches.data, a.branch)}</td>
                    <td>
                      {TT.kinds[a.kind]}
                      {a.halfDay ? ` (${TT.halfDay})` : ''}
                    </td>
                    <td>{formatTime(a.start, zone)}</td>
                    <td>{a.end ? formatTime(a.end, zone) : TT.states[a.state]}</td>
                    <td>{formatDuration(a.netMinutes)}</td>
                    <td>{TT.sources[a.source]}</td>
                    <td>{a.warnings.map((w) => w.message).join(' ')}</td>
                    <td className="row-actions">
                      <button type="button" onClick={() => setEditing({ mode: 'update', activity: a })}>
                        {correctLabel(a)}
                      </button>{' '}
                      <button type="button" className="danger" onClick={() => setDeleting(a)}>
                        {TT.delete}
                      </button>{' '}
                      <button
                        type="button"
                        aria-expanded={trail === a.id}
                        onClick={() => setTrail(trail === a.id ? null : a.id)}
                      >
                        {trail === a.id ? U.hideTrail : U.showTrail}
                      </button>
                    </td>
                  </tr>
                  {trail === a.id && (
                    <tr className="activity-trail">
                      <td colSpan={10}>
                        <AuditTrail changes={a.changes ?? []} zone={zone} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}

      <CorrectionRequests
        manager={manager}
        ownId={me.data?.id}
        branch={branch ? Number(branch) : undefined}
        staff={staff.data}
        zoneOf={zoneOf}
        onDecided={reload}
      />

      {editing && (
        <ActivityForm
          target={editing}
          staff={staff.data ?? []}
          branches={(branches.data ?? []).filter(
            (b) => isAdmin(me.data) || !!me.data?.branches.some((m) => m.id === b.id),
          )}
          zoneOf={zoneOf}
          title={editing.mode === 'create' ? U.addActivity : correctLabel(editing.activity)}
          send={send}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteActivityForm
          activity={deleting}
          title={format(U.deleteQuestion, {
            date: formatDate(deleting.start, zoneOf(deleting.branch)),
            from: formatTime(deleting.start, zoneOf(deleting.branch)),
            to: deleting.end ? formatTime(deleting.end, zoneOf(deleting.branch)) : '…',
          })}
          send={send}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
