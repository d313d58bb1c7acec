import { STATISTICS_UI_TEXTS as U } from '@shop/i18n-de';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { f, T } from '../texts';
import { TableHead } from '../ui/DataTable';
import { formatBucket, formatTick } from './format';
import { axisDomain, axisTicks, type SeriesInterval } from './period';

export interface ChartLine {
  name: string;
  color: string;
  /** one value per bucket */
  values: number[];
  format: (v: number) => string;
}

/** the room one label of the time axis takes (a day '19.11.' or an hour '14:00' with space around it) */
const TICK_PX = 64;

/**
 * A time series as a uPlot chart (small, canvas, MIT: see ARCHITECTURE.md) with the same figures in a table for
 * screen readers and keyboard users (the canvas itself is hidden from them).
 *
 * The x axis is the chosen period's buckets and nothing else (issue 41: the last 7 days showed 2027–2029). uPlot's
 * own time axis ranges over whatever x values it gets and labels them on the browser's clock in its own (English)
 * formats; here the x scale is numeric with a fixed range from the period's first to its last bucket, the ticks
 * are buckets of the period and their labels de-AT on the shop's clock. The drawn range and labels are kept on
 * the element (data-x-min, data-x-max, data-ticks) for the browser test. The legend shows names only (no live
 * values: uPlot's live legend read 'Time: --' until the pointer was over the chart).
 */
export function SeriesChart({
  label,
  buckets,
  interval,
  lines,
}: {
  label: string;
  buckets: number[];
  interval: SeriesInterval;
  lines: ChartLine[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const key = JSON.stringify([buckets, lines.map((l) => [l.name, l.values])]);

  useEffect(() => {
    const el = box.current;
    if (!el || buckets.length === 0) return;
    const width = Math.max(300, el.clientWidth);
    const [min, max] = axisDomain(buckets);
    const ticks = axisTicks(buckets, Math.floor((width - 80) / TICK_PX));
    const yFormat = lines[0]?.format ?? String;
    const plot = new uPlot(
      {
        width,
        height: 220,
        legend: { live: false },
        cursor: { show: true },
        scales: { x: { time: false, range: () => [min, max] } },
        series: [{ label: U.time }, ...lines.map((l) => ({ label: l.name, stroke: l.color, width: 2 }))],
        axes: [
          {
            splits: () => ticks,
            values: (_u: uPlot, splits: number[]) => {
              const labels = splits.map((t) => formatTick(t, interval));
              el.dataset.ticks = labels.join('|');
              return labels;
            },
          },
          { size: 90, values: (_u: uPlot, splits: number[]) => splits.map((v) => yFormat(v)) },
        ],
      },
      [buckets, ...lines.map((l) => l.values)],
      el,
    );
    const drawn = plot.scales.x;
    el.dataset.xMin = new Date(drawn?.min ?? min).toISOString();
    el.dataset.xMax = new Date(drawn?.max ?? max).toISOString();
    return () => plot.destroy();
    // the figures, not the objects, decide a redraw
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, interval]);

  return (
    <>
      <div ref={box} aria-hidden="true" data-testid="series-chart" className="series-chart" />
      <details>
        <summary>{T.statistics.showTable}</summary>
        <table aria-label={f(T.statistics.tableOf, { name: label })}>
          <TableHead headings={[T.statistics.bucket, ...lines.map((l) => l.name)]} />
          <tbody>
            {buckets.map((b, i) => (
              <tr key={b}>
                <td>{formatBucket(b, interval)}</td>
                {lines.map((l) => (
                  <td key={l.name} className="num">
                    {l.format(l.values[i] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
