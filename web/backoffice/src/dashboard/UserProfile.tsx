import type { User } from '@shop/contracts';
import { formatLocalDate, formatNumber } from '@shop/domain';
import { STATISTICS_UI_TEXTS as U } from '@shop/i18n-de';
import { useState, type ChangeEvent } from 'react';
import useSWR from 'swr';
import { api, apiUrl } from '../api/client';
import { isAdmin, useMe } from '../features/auth/use-me';
import { f, T } from '../texts';
import { PeriodFilter, SelectFilter } from '../ui/filter-form';
import { CardFrame } from './MetricCard';
import { downloadCsv } from './csv';
import { formatHours, formatPeriod } from './format';
import { periodBuckets, periodDays, presetPeriod, toCsv, type Period } from './period';
import { SeriesChart } from './SeriesChart';
import { useUserActivities, useUserProfile } from './use-metric';
import './dashboard.css';

/** The staff to choose from: administrators only (the user list is theirs; everyone else sees their own profile). */
function useStaffChoices(admin: boolean) {
  const url = admin ? apiUrl('/api/users', {}, { perPage: 500 }) : null;
  return useSWR(url, (u: NonNullable<typeof url>) => api.get(u), { revalidateOnFocus: false });
}

const userName = (u: Pick<User, 'displayName' | 'username'>) => u.displayName || u.username;
/** hours in a CSV cell: de-AT decimals without thousands dots */
const hoursCell = (h: number) => formatNumber(h, 2).replace(/\./g, '');

/**
 * /backend#/statistics/user-profile (issue 41): GET /api/statistics/user-profile (worked, planned, planned up to
 * now and the balance of a period) and GET /api/statistics/user-profile-working-activities (worked hours per day, as
 * a chart over the period and a table), each with its CSV and its own 'Statistik konnte nicht geladen werden.' with
 * a retry. Administrators choose the staff member; everyone else sees their own (the service refuses others).
 */
export default function UserProfile() {
  const { data: me } = useMe();
  const admin = isAdmin(me);
  const staff = useStaffChoices(admin);
  const [chosen, setChosen] = useState<number | undefined>();
  const [period, setPeriod] = useState<Period>(() => presetPeriod('thisMonth'));
  const user = chosen ?? me?.id;
  const profile = useUserProfile(user, period);
  const activities = useUserActivities(user, period);
  const buckets = periodBuckets(period, 'day');
  const days = periodDays(period);
  const hoursOf = new Map((activities.data?.days ?? []).map((d) => [d.day, d.hours]));
  const values = days.map((d) => hoursOf.get(d) ?? 0);

  const day = (end: keyof Period) => ({
    value: period[end],
    ...(end === 'from' ? { max: period.to } : { min: period.from }),
    onChange: (e: ChangeEvent<HTMLInputElement>) => e.target.value && setPeriod({ ...period, [end]: e.target.value }),
  });
  const file = (name: string) => `${name}_${user ?? ''}_${period.from}_${period.to}.csv`;
  const p = profile.data;
  const figures: Array<[string, number]> = p
    ? [
        [U.profile.worked, p.workedHours],
        [U.profile.planned, p.plannedHours],
        [U.profile.plannedUntilNow, p.plannedHoursUntilNow],
        [U.profile.balance, p.balanceHours],
      ]
    : [];

  return (
    <section className="statistics">
      <h1>{U.profile.title}</h1>
      <form className="filters" aria-label={T.statistics.period} onSubmit={(e) => e.preventDefault()}>
        <div role="group" aria-label={T.statistics.period} className="presets">
          {(['thisMonth', 'lastMonth', 'lastYear'] as const).map((preset) => (
            <button key={preset} type="button" onClick={() => setPeriod(presetPeriod(preset))}>
              {preset === 'thisMonth' ? T.statistics.presets.thisMonth : U[preset]}
            </button>
          ))}
        </div>
        <PeriodFilter id="profile" type="date" labels={[T.statistics.from, T.statistics.to]} inputs={day} />
        {admin && (
          <SelectFilter
            id="profile-user"
            label={U.profile.user}
            any={me ? userName(me) : ''}
            choices={(staff.data ?? [])
              .filter((u) => u.id !== me?.id)
              .map((u) => ({ value: u.id, label: userName(u) }))}
            value={chosen ?? ''}
            onChange={(e) => setChosen(e.target.value ? Number(e.target.value) : undefined)}
          />
        )}
      </form>
      <p className="stat-period">{formatPeriod(period)}</p>
      <div className="stat-grid">
        <CardFrame
          title={U.profile.summary}
          level={2}
          load={profile}
          csv={
            <button
              type="button"
              className="link-button"
              disabled={!p}
              aria-label={f(T.statistics.csvOf, { name: U.profile.summary })}
              onClick={() =>
                downloadCsv(
                  file('user-profile'),
                  '\uFEFF' + toCsv([[U.csvKey, U.csvValue], ...figures.map(([k, v]) => [k, hoursCell(v)])], ';'),
                )
              }
            >
              {T.statistics.csv}
            </button>
          }
        >
          {!p ? (
            <p role="status">{T.app.loading}</p>
          ) : (
            <dl className="stat-profile">
              {figures.map(([label, v]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd className="kpi-value">{formatHours(v)}</dd>
                </div>
              ))}
            </dl>
          )}
        </CardFrame>
        <CardFrame
          title={U.profile.days}
          level={2}
          load={activities}
          className="stat-chart"
          csv={
            <button
              type="button"
              className="link-button"
              disabled={!activities.data}
              aria-label={f(T.statistics.csvOf, { name: U.profile.days })}
              onClick={() =>
                downloadCsv(
                  file('user-profile-working-activities'),
                  '\uFEFF' +
                    toCsv(
                      [
                        [U.profile.day, U.csvValue],
                        ...days.map((d, i) => [formatLocalDate(d), hoursCell(values[i] ?? 0)]),
                      ],
                      ';',
                    ),
                )
              }
            >
              {T.statistics.csv}
            </button>
          }
        >
          {!activities.data ? (
            <p role="status">{T.app.loading}</p>
          ) : (
            <>
              <p>
                {U.total}: <strong>{formatHours(activities.data.totalHours)}</strong>
              </p>
              <SeriesChart
                label={U.profile.days}
                buckets={buckets}
                interval="day"
                lines={[{ name: U.profile.worked, color: '#008FC3', values, format: formatHours }]}
              />
            </>
          )}
        </CardFrame>
      </div>
    </section>
  );
}
