import type { StatisticsMetric, StatisticsQuantity, StatisticsReply } from '@shop/contracts';
import { STATISTICS_UI_TEXTS as U } from '@shop/i18n-de';
import type { ReactNode } from 'react';
import { f, t, T } from '../texts';
import { TableHead } from '../ui/DataTable';
import { LoadError } from '../ui/notices';
import { csvName, downloadCsv, metricCsv } from './csv';
import { formatChange, formatFigure, replyRange, unitLabel } from './format';
import { change, periodBuckets, type Period, type SeriesInterval } from './period';
import { SeriesChart, type ChartLine } from './SeriesChart';
import { useMetric } from './use-metric';

const COLORS = ['#008FC3', '#303033', '#b35c00', '#1b6e20', '#7a3b9c'];

/** What the dashboard asks every metric for: one period, branch and interval (so each metric is one request). */
export interface MetricAsk {
  period: Period;
  branch: number | undefined;
  interval: SeriesInterval;
}

/** Downloads a metric's figures as CSV (see metricCsv). */
export function CsvButton({
  name,
  reply,
  ask,
  label,
}: {
  name: string;
  reply?: StatisticsReply;
  ask: MetricAsk;
  label: string;
}) {
  return (
    <button
      type="button"
      className="link-button"
      disabled={!reply}
      aria-label={f(T.statistics.csvOf, { name: label })}
      onClick={() => reply && downloadCsv(csvName(name, ask.period), metricCsv(reply, ask.period, ask.interval))}
    >
      {T.statistics.csv}
    </button>
  );
}

/** A total with the previous period's and the change between them (issue 41: each figure compared). */
function Compared({
  label,
  value,
  previous,
  show,
}: {
  label: string;
  value: number;
  previous?: number;
  show: (v: number) => string;
}) {
  const delta = previous === undefined ? null : change(value, previous);
  return (
    <div className="stat-total" role="group" aria-label={label}>
      <span className="kpi-label">{label}</span> <strong className="kpi-value">{show(value)}</strong>{' '}
      <span className={`kpi-change ${delta === null ? '' : delta >= 0 ? 'up' : 'down'}`}>
        {delta === null ? T.statistics.noChange : f(U.change, { change: formatChange(delta) })}
      </span>
    </div>
  );
}

/** The quantity totals of items and popular-items, one per unit (a unit the previous period lacks counts 0 there). */
function unitTotals(
  reply: StatisticsReply,
): Array<{ unit: StatisticsQuantity['unit']; value: number; previous?: number }> {
  // no quantity at all in the period: the pieces' 0 (the reply's total), so the card still says so
  const totals = reply.totals?.length ? reply.totals : [{ unit: 'piece' as const, value: reply.total }];
  return totals.map((q) => ({
    ...q,
    previous: reply.previous ? (reply.previous.totals?.find((p) => p.unit === q.unit)?.value ?? 0) : undefined,
  }));
}

/** The totals of a reply with their comparison: one per unit for quantities, else the one total. */
export function Totals({ reply, title }: { reply: StatisticsReply; title: string }) {
  const prev = reply.previous;
  return (
    <div className="stat-totals">
      {reply.unit === 'quantity' ? (
        unitTotals(reply).map((q) => (
          <Compared
            key={q.unit}
            label={`${title}: ${U.total} (${unitLabel(q.unit)})`}
            value={q.value}
            previous={q.previous}
            show={(v) => formatFigure(v, 'quantity', q.unit)}
          />
        ))
      ) : (
        <Compared
          label={`${title}: ${U.total}`}
          value={reply.total}
          previous={prev?.total}
          show={(v) => formatFigure(v, reply.unit)}
        />
      )}
      <p className="stat-previous">
        {prev
          ? f(U.previousTotal, {
              ...replyRange(prev),
              total:
                reply.unit === 'quantity'
                  ? unitTotals(reply)
                      .map((q) => formatFigure(q.previous ?? 0, 'quantity', q.unit))
                      .join(', ')
                  : formatFigure(prev.total, reply.unit),
            })
          : U.noPrevious}
      </p>
    </div>
  );
}

/** A series over every bucket of the period: one line, or one per unit for quantities (the days without any: 0). */
export function chartLines(reply: StatisticsReply, buckets: number[], name: string): ChartLine[] {
  const units = reply.unit === 'quantity' ? unitTotals(reply).map((q) => q.unit) : [undefined];
  return units.map((unit, i) => {
    const byTime = new Map<number, number>();
    for (const s of reply.series)
      if (s.unit === unit || reply.unit !== 'quantity') byTime.set(Date.parse(s.bucket), s.value);
    return {
      name: unit ? `${name} (${unitLabel(unit)})` : name,
      color: COLORS[i % COLORS.length] ?? '#008FC3',
      values: buckets.map((b) => byTime.get(b) ?? 0),
      format: (v: number) => formatFigure(v, reply.unit, unit),
    };
  });
}

/** A top list as a table (the first 10 rows; a quantity's unit in a column of its own). */
export function TopTable({
  reply,
  title,
  label = (k) => k,
}: {
  reply: StatisticsReply;
  title: string;
  label?: (key: string) => string;
}) {
  const quantity = reply.unit === 'quantity';
  const rows = reply.breakdown.slice(0, quantity ? 15 : 10);
  if (rows.length === 0) return <p>{T.statistics.empty}</p>;
  return (
    <table aria-label={f(T.statistics.tableOf, { name: title })} className="stat-top">
      <TableHead headings={[T.statistics.key, ...(quantity ? [U.unit] : []), T.statistics.value]} />
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.key}\u0000${r.unit ?? ''}`}>
            <td>{label(r.key)}</td>
            {quantity && <td>{unitLabel(r.unit)}</td>}
            <td className="num">{formatFigure(r.value, reply.unit, r.unit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A card's frame: its title and CSV button, its failure with a retry (§8), else its content. */
export function CardFrame({
  title,
  load,
  children,
  csv,
  className = '',
  level = 3,
}: {
  title: string;
  load: { error?: unknown; mutate: () => unknown; isLoading?: boolean };
  children: ReactNode;
  csv?: ReactNode;
  className?: string;
  /** the heading's level: 3 under the dashboard's groups, 2 on a screen of its own */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`card stat-card ${className}`} aria-label={title}>
      <div className="stat-head">
        <Heading>{title}</Heading>
        {csv}
      </div>
      {load.error ? (
        <LoadError message={t('backoffice.statisticsFailed')} retry={() => load.mutate()} error={load.error} />
      ) : (
        children
      )}
    </section>
  );
}

/**
 * One metric as a card: its total against the previous period, the chart over the period (kind 'series') and its
 * top list (when it has one), with a CSV of the figures. A failed load shows 'Statistik konnte nicht geladen werden.'
 * here, at this card, with a retry of this metric alone.
 */
export function MetricCard({
  metric,
  kind,
  ask,
  label,
}: {
  metric: StatisticsMetric;
  kind: 'series' | 'list';
  ask: MetricAsk;
  label?: (key: string) => string;
}) {
  const title = U.metrics[metric];
  const load = useMetric(metric, { ...ask.period, branch: ask.branch, interval: ask.interval });
  const reply = load.data;
  const buckets = periodBuckets(ask.period, ask.interval);
  return (
    <CardFrame
      title={title}
      load={load}
      className={kind === 'series' ? 'stat-chart' : 'stat-list'}
      csv={<CsvButton name={metric} reply={reply} ask={ask} label={title} />}
    >
      {!reply ? (
        <p role="status">{T.app.loading}</p>
      ) : (
        <div data-metric={metric}>
          <Totals reply={reply} title={title} />
          {kind === 'series' &&
            // quantities: a chart per unit, each on its own axis (grams and pieces never share a scale)
            chartLines(reply, buckets, title).map((line) => (
              <SeriesChart key={line.name} label={line.name} buckets={buckets} interval={ask.interval} lines={[line]} />
            ))}
          {(kind === 'list' || reply.breakdown.length > 0) && <TopTable reply={reply} title={title} label={label} />}
        </div>
      )}
    </CardFrame>
  );
}
