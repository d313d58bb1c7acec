import type { StatisticsReply } from '@shop/contracts';
import { formatDate } from '@shop/domain';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { f, T } from '../texts';
import { TableHead } from '../ui/DataTable';
import { CsvButton } from './MetricTable';

/**
 * A time series as a uPlot chart (small, canvas, MIT: see ARCHITECTURE.md) with the same figures in a table
 * for screen readers and keyboard users (the canvas itself is hidden from them).
 */
export function SeriesChart({
  title,
  series,
}: {
  title: string;
  series: Array<{ name: string; reply: StatisticsReply | undefined; color: string }>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const buckets = [...new Set(series.flatMap((s) => s.reply?.series.map((p) => p.bucket) ?? []))].sort();
  const valueAt = (reply: StatisticsReply | undefined, bucket: string) =>
    reply?.series.find((p) => p.bucket === bucket)?.value ?? 0;
  const key = JSON.stringify(series.map((s) => s.reply?.series ?? []));

  useEffect(() => {
    const el = box.current;
    if (!el || buckets.length === 0) return;
    const data: uPlot.AlignedData = [
      buckets.map((b) => Date.parse(b) / 1000),
      ...series.map((s) => buckets.map((b) => valueAt(s.reply, b))),
    ];
    const plot = new uPlot(
      {
        width: Math.max(300, el.clientWidth),
        height: 220,
        series: [{}, ...series.map((s) => ({ label: s.name, stroke: s.color, width: 2 }))],
        axes: [{}, {}],
      },
      data,
      el,
    );
    return () => plot.destroy();
    // the figures, not the objects, decide a redraw
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <section className="card stat-chart" aria-label={title}>
      <div className="stat-head">
        <h2>{title}</h2>
        {series.map((s) => (
          <CsvButton key={s.name} name={s.name} reply={s.reply} label={s.name} />
        ))}
      </div>
      <div ref={box} aria-hidden="true" data-testid="series-chart" />
      <details>
        <summary>{T.statistics.showTable}</summary>
        <table aria-label={f(T.statistics.tableOf, { name: title })}>
          <TableHead headings={[T.statistics.bucket, ...series.map((s) => s.name)]} />
          <tbody>
            {buckets.map((b) => (
              <tr key={b}>
                <td>{formatDate(b)}</td>
                {series.map((s) => (
                  <td key={s.name} className="num">
                    {valueAt(s.reply, b).toLocaleString('de-AT')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
