import type { StatisticsReply } from '@shop/contracts';
import { f, T } from '../texts';
import { PairTable } from '../ui/DataTable';
import { toCsv } from './period';

/** Downloads a metric as CSV (every row of its top list, or its series). */
export function CsvButton({ name, reply, label }: { name: string; reply: StatisticsReply | undefined; label: string }) {
  const download = () => {
    if (!reply) return;
    const rows: Array<Array<string | number>> = reply.breakdown.length
      ? [[T.statistics.key, T.statistics.value], ...reply.breakdown.map((b) => [b.key, b.value])]
      : [[T.statistics.bucket, T.statistics.value], ...reply.series.map((s) => [s.bucket, s.value])];
    const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${name}_${reply.from.slice(0, 10)}_${reply.to.slice(0, 10)}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <button
      type="button"
      className="link-button"
      onClick={download}
      disabled={!reply}
      aria-label={f(T.statistics.csvOf, { name: label })}
    >
      {T.statistics.csv}
    </button>
  );
}

/** A top list as a table (pages, referrers, items …): the same figures a chart would show, readable by everyone. */
export function TopList({
  title,
  name,
  reply,
  label = (k) => k,
  format = (v) => v.toLocaleString('de-AT'),
}: {
  title: string;
  name: string;
  reply: StatisticsReply | undefined;
  label?: (key: string) => string;
  format?: (value: number) => string;
}) {
  const rows = reply?.breakdown.slice(0, 10) ?? [];
  return (
    <section className="card stat-list" aria-label={title}>
      <div className="stat-head">
        <h2>{title}</h2>
        <CsvButton name={name} reply={reply} label={title} />
      </div>
      {rows.length === 0 ? (
        <p>{T.statistics.empty}</p>
      ) : (
        <PairTable
          headings={[T.statistics.key, T.statistics.value]}
          pairs={rows.map((r) => ({ key: r.key, name: label(r.key), value: format(r.value) }))}
          valueClass="num"
        />
      )}
    </section>
  );
}
