import { orderStage, orderStageLabel, type PublicOrderLike } from '@shop/domain';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import type { FrontdeskOrder } from '@shop/contracts';
import { apiUrl, publicApi } from '../../api/client';
import { resourceFailure, T } from '../../texts';
import { LoadError } from '../../ui/notices';
import { amountLabel, orderTypeLabel, ticketLabel } from './OrderCard';
import type { StaffOrder } from './order-api';

/**
 * Counter screens without login (backoffice-platform.md §2: branch id + API key): the front desk shows the
 * ticket numbers in preparation and ready; the back-office view lists the current orders with their lines.
 * Polled every 10 seconds.
 */
export function CounterScreen({ view }: { view: 'frontdesk' | 'backoffice' }) {
  const { branchId, apiKey } = useParams();
  const url = apiUrl(`/api/orders/${view}/{branchId}`, { branchId: branchId ?? '' });
  // the key travels in the X-Screen-Key header, not in the requested URL (proxies and logs keep URLs);
  // the front desk answers FrontdeskOrder[] (no customer, no lines), the counter view StaffOrder[]
  const { data, error, mutate } = useSWR(
    [url, apiKey ?? ''],
    ([u, k]) => publicApi.get(u, { headers: { 'x-screen-key': k } }),
    { refreshInterval: 10_000 },
  );
  const title = view === 'frontdesk' ? T.orders.frontdeskTitle : T.orders.counterScreenTitle;
  useEffect(() => {
    document.title = `${title} – ${T.app.title}`;
  }, [title]);
  const groups = new Map<string, FrontdeskOrder[]>();
  for (const o of (data ?? []) as FrontdeskOrder[]) {
    const like = o as unknown as PublicOrderLike;
    const label = orderStageLabel(orderStage(like), like);
    groups.set(label, [...(groups.get(label) ?? []), o]);
  }
  return (
    <main id="main" className={`counter-screen counter-${view}`}>
      <h1>{title}</h1>
      {error && <LoadError message={resourceFailure('orders', 'load')} retry={() => mutate()} error={error} />}
      {data && data.length === 0 && <p>{T.orders.empty}</p>}
      {view === 'frontdesk' ? (
        <div className="counter-columns">
          {[...groups.entries()].map(([label, orders]) => (
            <section key={label}>
              <h2>{label}</h2>
              <ul className="tickets">
                {orders.map((o) => (
                  <li key={o.id}>{o.ticketNumber}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : (
        <div className="order-grid">
          {(data as StaffOrder[] | undefined)?.map((o) => (
            <article key={o.id} className={`order-card status-${o.status}`} aria-label={ticketLabel(o)}>
              <h2>{ticketLabel(o)}</h2>
              <p>
                {T.orders.status[o.status]} · {orderTypeLabel(o)}
              </p>
              <ul className="order-items">
                {o.items.map((i) => (
                  <li key={i.position}>
                    {amountLabel(i)} {i.name}
                  </li>
                ))}
              </ul>
              {o.customer?.comment && <p>{o.customer.comment}</p>}
            </article>
          ))}
        </div>
      )}
    </main>
  );
}
