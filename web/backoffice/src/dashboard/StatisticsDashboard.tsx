import type { StatisticsReply } from '@shop/contracts';
import { STATISTICS_UI_TEXTS as U } from '@shop/i18n-de';
import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { useBranches } from '../api/use-branches';
import Overview from '../app/Dashboard';
import { useMe } from '../features/auth/use-me';
import { f, t, T } from '../texts';
import { PeriodFilter, SelectFilter } from '../ui/filter-form';
import { LoadError } from '../ui/notices';
import { branchChoices } from './branches';
import { Heatmap } from './Heatmap';
import { CardFrame, CsvButton, MetricCard, Totals, type MetricAsk } from './MetricCard';
import { formatChange, formatMoney, formatCount, formatPeriod } from './format';
import { change, intervalOf, presetPeriod, PRESETS, type Period, type Preset } from './period';
import { useMetric } from './use-metric';
import './dashboard.css';

const S = T.statistics;
const PRESET_LABELS: Record<Preset, string> = { ...S.presets, lastMonth: U.lastMonth, lastYear: U.lastYear };

function Kpi({
  label,
  value,
  previous,
  format,
}: {
  label: string;
  value?: number;
  previous?: number;
  format: (v: number) => string;
}) {
  const delta = value === undefined || previous === undefined ? null : change(value, previous);
  return (
    <div className="kpi" role="group" aria-label={label}>
      <span className="kpi-label">{label}</span>
      <strong className="kpi-value">{value === undefined ? '–' : format(value)}</strong>
      <span className="kpi-previous">
        {previous === undefined ? U.noPrevious : f(U.previousShort, { total: format(previous) })}
      </span>
      <span className={`kpi-change ${delta === null ? '' : delta >= 0 ? 'up' : 'down'}`}>
        {delta === null ? S.noChange : f(S.change, { change: formatChange(delta) })}
      </span>
    </div>
  );
}

/** The period (a preset or two dates) and the branch. */
interface Filters {
  preset: Preset | null;
  period: Period;
  branch: number | undefined;
}

/**
 * The dashboard's filter bar: presets, dates and branch. It has no submit: each change applies at once (a controlled
 * bar, as before; no contract form, as nothing is sent but the metrics' own queries). The branches offered are the
 * staff member's own (administrators: all), the ones the statistics service answers them.
 */
function PeriodFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const { data: branches } = useBranches();
  const { data: me } = useMe();
  const { preset, period, branch } = value;
  /** the input of the period's first or last day, bounded by the other (a cleared date keeps the day it had) */
  const day = (end: keyof Period) => ({
    value: period[end],
    ...(end === 'from' ? { max: period.to } : { min: period.from }),
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      e.target.value && onChange({ ...value, preset: null, period: { ...period, [end]: e.target.value } }),
  });
  return (
    <form className="filters" aria-label={S.period} onSubmit={(e) => e.preventDefault()}>
      <div role="group" aria-label={S.period} className="presets">
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={preset === p}
            onClick={() => onChange({ ...value, preset: p, period: presetPeriod(p) })}
          >
            {PRESET_LABELS[p]}
          </button>
        ))}
      </div>
      <PeriodFilter id="stat" type="date" labels={[S.from, S.to]} inputs={day} />
      <SelectFilter
        id="stat-branch"
        label={S.branch}
        any={me?.roles.includes('ROLE_ADMIN') ? S.allBranches : U.ownBranches}
        choices={branchChoices(branches, me)}
        value={branch ?? ''}
        onChange={(e) => onChange({ ...value, branch: e.target.value ? Number(e.target.value) : undefined })}
      />
    </form>
  );
}

const basket = (orders?: number, revenue?: number) =>
  orders && revenue !== undefined ? Math.round(revenue / orders) : undefined;
const origin = (k: string) => S.origins[k as keyof typeof S.origins] ?? k;
const orUnknown = (k: string) => k || S.unknown;

/** The KPI tiles, each with the previous period's figure and the change (the same requests as their cards). */
function Kpis({ ask }: { ask: MetricAsk }) {
  const q = { ...ask.period, branch: ask.branch, interval: ask.interval };
  const loads = {
    visitors: useMetric('unique-visitors', q),
    orders: useMetric('orders', q),
    revenue: useMetric('revenue', q),
    canceled: useMetric('canceled-orders', q),
  };
  const failed = Object.values(loads).find((l) => l.error);
  const now = (r: { data?: StatisticsReply }) => r.data?.total;
  const before = (r: { data?: StatisticsReply }) => r.data?.previous?.total;
  return (
    <div className="kpis" aria-label={S.kpis} role="region">
      {failed ? (
        <LoadError
          message={t('backoffice.statisticsFailed')}
          retry={() => Promise.all(Object.values(loads).map((l) => l.mutate()))}
          error={failed.error}
        />
      ) : (
        <>
          <Kpi label={S.visitors} value={now(loads.visitors)} previous={before(loads.visitors)} format={formatCount} />
          <Kpi label={S.orders} value={now(loads.orders)} previous={before(loads.orders)} format={formatCount} />
          <Kpi label={S.revenue} value={now(loads.revenue)} previous={before(loads.revenue)} format={formatMoney} />
          <Kpi
            label={S.averageBasket}
            value={basket(now(loads.orders), now(loads.revenue))}
            previous={basket(before(loads.orders), before(loads.revenue))}
            format={formatMoney}
          />
          <Kpi
            label={S.cancellations}
            value={now(loads.canceled)}
            previous={before(loads.canceled)}
            format={formatCount}
          />
        </>
      )}
    </div>
  );
}

/** Weekday × hour: visitor-times beside order-times (one grid, two metrics: each with its total and CSV). */
function TimesCard({ ask }: { ask: MetricAsk }) {
  const q = { ...ask.period, branch: ask.branch, interval: ask.interval };
  const visits = useMetric('visitor-times', q);
  const orders = useMetric('order-times', q);
  const load = {
    error: visits.error ?? orders.error,
    mutate: () => Promise.all([visits.mutate(), orders.mutate()]),
  };
  return (
    <CardFrame
      title={S.heatmap}
      load={load}
      className="stat-heatmap"
      csv={
        <>
          <CsvButton name="visitor-times" reply={visits.data} ask={ask} label={U.metrics['visitor-times']} />
          <CsvButton name="order-times" reply={orders.data} ask={ask} label={U.metrics['order-times']} />
        </>
      }
    >
      {!visits.data || !orders.data ? (
        <p role="status">{T.app.loading}</p>
      ) : (
        <div data-metric="visitor-times order-times">
          <Totals reply={visits.data} title={U.metrics['visitor-times']} />
          <Totals reply={orders.data} title={U.metrics['order-times']} />
          <Heatmap visits={visits.data} orders={orders.data} />
        </div>
      )}
    </CardFrame>
  );
}

/**
 * /backend#/dashboard (issues 21, 41): the period (presets or dates) and branch; KPI tiles; every one of the 22
 * metrics of backoffice-platform.md §7 as a card with its total against the previous period (`compare=previous`),
 * its chart over the period or its top list, and its CSV; the weekday × hour grid of visits against orders; a link
 * to the user profile (the two user-profile calls). A failed load shows 'Statistik konnte nicht geladen werden.'
 * at its card with a retry of that card's metrics.
 */
export default function StatisticsDashboard() {
  const [filters, setFilters] = useState<Filters>(() => ({
    preset: 'last30',
    period: presetPeriod('last30'),
    branch: undefined,
  }));
  const ask: MetricAsk = { period: filters.period, branch: filters.branch, interval: intervalOf(filters.period) };

  return (
    <section className="statistics">
      <h1>{S.title}</h1>
      <PeriodFilters value={filters} onChange={setFilters} />
      <p className="stat-period">{formatPeriod(filters.period)}</p>
      <Kpis ask={ask} />

      <h2 className="stat-group">{U.groups.shop}</h2>
      <div className="stat-grid">
        <MetricCard metric="orders" kind="series" ask={ask} />
        <MetricCard metric="revenue" kind="series" ask={ask} />
        <MetricCard metric="canceled-orders" kind="series" ask={ask} />
        <MetricCard metric="items" kind="series" ask={ask} />
        <MetricCard metric="popular-items" kind="list" ask={ask} />
        <MetricCard metric="order-origins" kind="list" ask={ask} label={origin} />
        <MetricCard metric="revenue-origins" kind="list" ask={ask} label={origin} />
      </div>

      <h2 className="stat-group">{U.groups.visits}</h2>
      <div className="stat-grid">
        <MetricCard metric="unique-visitors" kind="series" ask={ask} />
        <MetricCard metric="page-views" kind="series" ask={ask} />
        <MetricCard metric="pages" kind="list" ask={ask} />
        <MetricCard metric="referrers" kind="list" ask={ask} label={(k) => k || S.direct} />
        <MetricCard metric="events" kind="list" ask={ask} />
        <MetricCard metric="event-flow" kind="list" ask={ask} />
      </div>

      <h2 className="stat-group">{U.groups.audience}</h2>
      <div className="stat-grid">
        <MetricCard metric="browsers" kind="list" ask={ask} label={orUnknown} />
        <MetricCard metric="operating-systems" kind="list" ask={ask} label={orUnknown} />
        <MetricCard metric="resolutions" kind="list" ask={ask} label={orUnknown} />
        <MetricCard metric="device-pixel-ratios" kind="list" ask={ask} label={orUnknown} />
        <MetricCard
          metric="color-schemes"
          kind="list"
          ask={ask}
          label={(k) => (U.colorSchemes as Record<string, string>)[k] ?? orUnknown(k)}
        />
      </div>

      <h2 className="stat-group">{U.groups.times}</h2>
      <TimesCard ask={ask} />

      <h2 className="stat-group">{U.groups.work}</h2>
      <div className="stat-grid">
        <MetricCard metric="working-activities" kind="series" ask={ask} />
        <MetricCard metric="working-schedules" kind="series" ask={ask} />
      </div>
      <p>
        <Link to="/statistics/user-profile">{U.profile.title}</Link>
      </p>
      <Overview />
    </section>
  );
}
