import type { StatisticsReply } from '@shop/contracts';
import { f, T } from '../texts';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * Weekday × hour: visits beside orders in one table (each cell says both numbers; the shade follows the visits,
 * a bar the orders). It tells a branch when visitors come but do not order. A table is the accessible form; its
 * card (title, totals, CSV, failure) is the dashboard's TimesCard.
 */
export function Heatmap({
  visits,
  orders,
}: {
  visits: StatisticsReply | undefined;
  orders: StatisticsReply | undefined;
}) {
  const at = (r: StatisticsReply | undefined, weekday: number, hour: number) =>
    r?.cells.find((c) => c.weekday === weekday && c.hour === hour)?.value ?? 0;
  const maxVisits = Math.max(1, ...(visits?.cells.map((c) => c.value) ?? []));
  const maxOrders = Math.max(1, ...(orders?.cells.map((c) => c.value) ?? []));
  return (
    <div className="heatmap-scroll">
      <table className="heatmap">
        <thead>
          <tr>
            <th scope="col">{T.statistics.weekday}</th>
            {HOURS.map((h) => (
              <th key={h} scope="col" abbr={`${h} Uhr`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {T.statistics.weekdays.map((day, i) => (
            <tr key={day}>
              <th scope="row">{day}</th>
              {HOURS.map((h) => {
                const v = at(visits, i + 1, h);
                const o = at(orders, i + 1, h);
                const text = f(T.statistics.heatmapCell, { visits: v, orders: o });
                return (
                  <td
                    key={h}
                    data-weekday={i + 1}
                    data-hour={h}
                    data-orders={o}
                    data-visits={v}
                    title={text}
                    style={{ background: `rgba(0, 143, 195, ${(v / maxVisits) * 0.8})` }}
                  >
                    <span className="sr-only">{text}</span>
                    {o > 0 && (
                      <span aria-hidden="true" className="heat-orders" style={{ width: `${(o / maxOrders) * 100}%` }} />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
