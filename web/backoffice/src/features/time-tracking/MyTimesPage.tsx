import type {
  ClockAction,
  ClockState,
  HolidayBalance,
  LawWarning,
  UserBalance,
  WorkingActivity,
} from '@shop/contracts';
import { formatDate, formatDuration, formatTime } from '@shop/domain';
import { format, t } from '@shop/i18n-de';
import { useState } from 'react';
import useSWR, { type SWRResponse } from 'swr';
import { api, apiUrl, errorMessage } from '../../api/client';
import { resourceFailure } from '../../texts';
import { TableHead } from '../../ui/DataTable';
import { LoadFailed } from '../../ui/notices';
import { ClockPanel } from './ClockPanel';
import { ACTION_FAILED, TT } from './time-texts';

/**
 * The logged-in staff member's time clock and 'Meine Zeiten' (issue 19): the current state with the four
 * actions, this month's activities, the time balance and the holiday balance.
 */
export default function MyTimesPage() {
  const clock = useSWR('/api/time-tracking/me', (url: '/api/time-tracking/me') => api.get(url));
  const activities = useSWR('/api/working-activities', (url: '/api/working-activities') => api.get(url));
  const balances = useSWR('/api/time-sheets/balances', (url: '/api/time-sheets/balances') => api.get(url));
  const holidays = useSWR('/api/time-sheets/holiday-balances', (url: '/api/time-sheets/holiday-balances') =>
    api.get(url),
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ action: ClockAction; message: string } | null>(null);
  const [warnings, setWarnings] = useState<LawWarning[]>([]);

  const act = async (action: ClockAction) => {
    setBusy(true);
    setFailure(null);
    try {
      const state: ClockState = await api.post(
        apiUrl('/api/time-tracking/working-activities/{action}', { action }),
        {},
      );
      setWarnings(state.ended?.warnings ?? []);
      await clock.mutate(state, { revalidate: false });
      void activities.mutate();
      void balances.mutate();
    } catch (err) {
      setFailure({ action, message: errorMessage(err, ACTION_FAILED[action]) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="my-times">
      <h1>{TT.myTimes}</h1>
      <h2>{TT.clock}</h2>
      <LoadFailed load={clock} message={resourceFailure('working-activities', 'load')} />
      <ClockPanel state={clock.data} busy={busy || !clock.data} onAction={(a) => void act(a)} />
      {failure && (
        <div className="load-error" role="alert">
          <p>{failure.message}</p>
          <button type="button" onClick={() => void act(failure.action)}>
            {TT.retry}
          </button>
        </div>
      )}
      {warnings.length > 0 && (
        <ul className="law-warnings" aria-label={TT.warnings}>
          {warnings.map((w) => (
            <li key={`${w.rule}-${w.date}`}>
              {w.message} ({w.source})
            </li>
          ))}
        </ul>
      )}

      <BalanceSection balances={balances} holidays={holidays} />
      <ActivitiesSection activities={activities} />
    </section>
  );
}

type Loaded<T> = Pick<SWRResponse<T>, 'data' | 'error' | 'mutate'>;

/** This month's time balance and the holiday balance, each with its load error and retry. */
function BalanceSection({
  balances,
  holidays,
}: {
  balances: Loaded<UserBalance[]>;
  holidays: Loaded<HolidayBalance[]>;
}) {
  const balance = balances.data?.[0];
  const holiday = holidays.data?.[0];
  return (
    <>
      <h2>{TT.balance}</h2>
      <LoadFailed load={balances} message={t('backoffice.balancesFailed')} />
      {balance && (
        <dl className="time-balance">
          <dt>{TT.planned}</dt>
          <dd data-testid="planned">{formatDuration(balance.plannedMinutes)}</dd>
          <dt>{TT.worked}</dt>
          <dd data-testid="worked">{formatDuration(balance.workedMinutes)}</dd>
          <dt>{TT.overtime}</dt>
          <dd data-testid="overtime">{formatDuration(balance.overtimeMinutes)}</dd>
        </dl>
      )}

      <h2>{TT.holidays}</h2>
      <LoadFailed load={holidays} message={t('backoffice.holidayBalancesFailed')} />
      {holiday && (
        <dl className="holiday-balance">
          <dt>{TT.entitlement}</dt>
          <dd>{format(TT.days, { n: holiday.entitlementDays })}</dd>
          <dt>{TT.carryOver}</dt>
          <dd>{format(TT.days, { n: holiday.carryOverDays })}</dd>
          <dt>{TT.expired}</dt>
          <dd>{format(TT.days, { n: holiday.expiredCarryOverDays })}</dd>
          <dt>{TT.taken}</dt>
          <dd>{format(TT.days, { n: holiday.takenDays })}</dd>
          <dt>{TT.remaining}</dt>
          <dd>{format(TT.days, { n: holiday.remainingDays })}</dd>
        </dl>
      )}
    </>
  );
}

/** This month's activities: day, kind, from, to (or the state of a running one), net time and law warnings. */
function ActivitiesSection({ activities }: { activities: Loaded<WorkingActivity[]> }) {
  return (
    <>
      <h2>{TT.activities}</h2>
      <LoadFailed load={activities} message={resourceFailure('working-activities', 'load')} />
      <table className="time-activities">
        <TableHead headings={[TT.date, TT.kind, TT.from, TT.to, TT.net, TT.warnings]} />
        <tbody>
          {(activities.data ?? []).map((a) => (
            <tr key={a.id}>
              <td>{formatDate(a.start)}</td>
              <td>{TT.kinds[a.kind]}</td>
              <td>{formatTime(a.start)}</td>
              <td>{a.end ? formatTime(a.end) : TT.states[a.state]}</td>
              <td>{formatDuration(a.netMinutes)}</td>
              <td>{a.warnings.map((w) => w.message).join(' ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
