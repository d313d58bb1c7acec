import type { StatisticsReply } from '@shop/contracts';
import { formatPrice } from '@shop/domain';
import { useState, type ChangeEvent } from 'react';
import { useBranches } from '../api/use-branches';
import Overview from '../app/Dashboard';
import { f, t, T } from '../texts';
import { PeriodFilter, SelectFilter } from '../ui/filter-form';
import { LoadError } from '../ui/notices';
import { Heatmap } from './Heatmap';
import { TopList } from './MetricTable';
import { change, presetPeriod, previousPeriod, PRESETS, type Period, type Preset } from './period';
import { SeriesChart } from './SeriesChart';
import { useMetric } from './use-metric';
import './dashboard.css';
import { byId } from '../ui/Options';

const euros = (cents: number) => formatPrice(cents / 100);
const S = T.statistics;

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
      <span className={`kpi-change ${delta === null ? '' : delta >= 0 ? 'up' : 'down'}`}>
        {delta === null
          ? S.noChange
          : f(S.change, { change: `${delta > 0 ? '+' : ''}${delta.toLocaleString('de-AT')} %` })}
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
 * bar, as before; no contract form, as nothing is sent but the metrics' own queries).
 */
function PeriodFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const { data: branches } = useBranches();
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
            {S.presets[p]}
          </button>
        ))}
      </div>
      <PeriodFilter id="stat" type="date" labels={[S.from, S.to]} inputs={day} />
      <SelectFilter
        id="stat-branch"
        label={S.branch}
        any={S.allBranches}
        choices={byId(branches, (b) => b.name)}
        value={branch ?? ''}
        onChange={(e) => onChange({ ...value, branch: e.target.value ? Number(e.target.value) : undefined })}
      />
    </form>
  );
}

/** Every metric of the dashboard for the period and the previous one: a fixed list, asked in the same order. */
function useDashboardMetrics({ period, branch }: Filters) {
  const q = { ...period, branch };
  const prev = { ...previousPeriod(period), branch };
  const interval = period.from === period.to ? ('hour' as const) : ('day' as const);
  return {
    visitors: useMetric('unique-visitors', { ...q, interval }),
    orders: useMetric('orders', { ...q, interval }),
    revenue: useMetric('revenue', q),
    canceled: useMetric('canceled-orders', q),
    prevVisitors: useMetric('unique-visitors', prev),
    prevOrders: useMetric('orders', prev),
    prevRevenue: useMetric('revenue', prev),
    prevCanceled: useMetric('canceled-orders', prev),
    pages: useMetric('pages', q),
    referrers: useMetric('referrers', q),
    browsers: useMetric('browsers', q),
    systems: useMetric('operating-systems', q),
    resolutions: useMetric('resolutions', q),
    items: useMetric('popular-items', q),
    orderOrigins: useMetric('order-origins', q),
    revenueOrigins: useMetric('revenue-origins', q),
    visitorTimes: useMetric('visitor-times', q),
    orderTimes: useMetric('order-times', q),
  };
}
type Metrics = ReturnType<typeof useDashboardMetrics>;

const total = (r: { data?: StatisticsReply }) => r.data?.total;
const basket = (o?: StatisticsReply, r?: StatisticsReply) =>
  o && r && o.total ? Math.round(r.total / o.total) : undefined;
const count = (v: number) => v.toLocaleString('de-AT');
const origin = (k: string) => S.origins[k as keyof typeof S.origins] ?? k;

/** The KPI tiles, each with its change against the previous period. */
function Kpis({ all }: { all: Metrics }) {
  return (
    <div className="kpis" aria-label={S.kpis} role="region">
      <Kpi label={S.visitors} value={total(all.visitors)} previous={total(all.prevVisitors)} format={count} />
      <Kpi label={S.orders} value={total(all.orders)} previous={total(all.prevOrders)} format={count} />
      <Kpi label={S.revenue} value={total(all.revenue)} previous={total(all.prevRevenue)} format={euros} />
      <Kpi
        label={S.averageBasket}
        value={basket(all.orders.data, all.revenue.data)}
        previous={basket(all.prevOrders.data, all.prevRevenue.data)}
        format={euros}
      />
      <Kpi label={S.cancellations} value={total(all.canceled)} previous={total(all.prevCanceled)} format={count} />
    </div>
  );
}

/** The top lists: pages, referrers, browsers, systems, devices, items and the orders' and revenue's origins. */
function TopLists({ all }: { all: Metrics }) {
  return (
    <div className="stat-grid">
      <TopList title={S.topPages} name="pages" reply={all.pages.data} />
      <TopList title={S.referrers} name="referrers" reply={all.referrers.data} label={(k) => k || S.direct} />
      <TopList title={S.browsers} name="browsers" reply={all.browsers.data} label={(k) => k || S.unknown} />
      <TopList
        title={S.operatingSystems}
        name="operating-systems"
        reply={all.systems.data}
        label={(k) => k || S.unknown}
      />
      <TopList title={S.devices} name="resolutions" reply={all.resolutions.data} />
      <TopList title={S.popularItems} name="popular-items" reply={all.items.data} />
      <TopList title={S.orderOrigins} name="order-origins" reply={all.orderOrigins.data} label={origin} />
      <TopList
        title={S.revenueOrigins}
        name="revenue-origins"
        reply={all.revenueOrigins.data}
        label={origin}
        format={euros}
      />
    </div>
  );
}

/**
 * /backend#/dashboard (issue 21): the period (presets or dates) and branch; KPI tiles with the change against the
 * previous period; visitors and orders over time; top lists; the weekday × hour grid of visits against orders;
 * CSV export per metric. Every figure comes from GET /api/statistics/{metric}; a failed load shows the spec's
 * 'Statistik konnte nicht geladen werden.' with a retry.
 */
export default function StatisticsDashboard() {
  const [filters, setFilters] = useState<Filters>(() => ({
    preset: 'last30',
    period: presetPeriod('last30'),
    branch: undefined,
  }));
  const all = useDashboardMetrics(filters);
  const failed = Object.values(all).find((r) => r.error);
  const retry = () => Promise.all(Object.values(all).map((r) => r.mutate()));

  return (
    <section className="statistics">
      <h1>{S.title}</h1>
      <PeriodFilters value={filters} onChange={setFilters} />
      {failed ? (
        <LoadError message={t('backoffice.statisticsFailed')} retry={retry} error={failed.error} />
      ) : (
        <>
          <Kpis all={all} />
          <SeriesChart
            title={S.series}
            series={[
              { name: S.visitors, reply: all.visitors.data, color: '#008FC3' },
              { name: S.orders, reply: all.orders.data, color: '#303033' },
            ]}
          />
          <TopLists all={all} />
          <Heatmap visits={all.visitorTimes.data} orders={all.orderTimes.data} />
        </>
      )}
      <Overview />
    </section>
  );
}
