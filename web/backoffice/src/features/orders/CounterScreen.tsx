import { orderStage, orderStageLabel, type PublicOrderLike } from '@shop/domain';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import { request } from '../../api/client';
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
  const key = `/api/orders/${view}/${branchId}/${encodeURIComponent(apiKey ?? '')}`;
  const { data, error, mutate } = useSWR<StaffOrder[]>(key, (k: string) => request<StaffOrder[]>(k, { noLoginRedirect: true }).then((r) => r.data), {
    refreshInterval: 10_000,
  });
  const title = view === 'frontdesk' ? T.orders.frontdeskTitle : T.orders.counterScreenTitle;
  useEffect(() => {
    document.title = `${title} – ${T.app.title}`;
  }, [title]);
  const groups = new Map<string, StaffOrder[]>();
  for (const o of data ?? []) {
    const like = o as unknown as PublicOrderLike;
    const label = orderStageLabel(orderStage(like), like);
    groups.set(label, [...(groups.get(label) ?? []), o]);
  }
  return (
    <main id="main" className={`counter-screen counter-${view}`}>
      <h1>{title}</h1>
      {error && <LoadError message={resourceFailure('orders', 'load')} retry={() => mutate()} />}
      {data && data.length === 0 && <p>{T.orders.empty}</p>}
      {view === 'frontdesk' ? (
        <div className="counter-columns">
          {[...groups.entries()].map(([label, orders]) => (
            <section key={label}>
              <h2>{label}</h2>
              <ul className="tickets">{orders.map((o) => <li key={o.id}>{o.ticketNumber}</li>)}</ul>
            </section>
          ))}
        </div>
      ) : (
        <div className="order-grid">
          {data?.map((o) => (
            <article key={o.id} className={`order-card status-${o.status}`} aria-label={ticketLabel(o)}>
              <h2>{ticketLabel(o)}</h2>
              <p>{T.orders.status[o.status]} · {orderTypeLabel(o)}</p>
              <ul className="order-items">{o.items.map((i) => <li key={i.position}>{amountLabel(i)} {i.name}</li>)}</ul>
              {o.customer?.comment && <p>{o.customer.comment}</p>}
            </article>
          ))}
        </div>
      )}
    </main>
  );
}
