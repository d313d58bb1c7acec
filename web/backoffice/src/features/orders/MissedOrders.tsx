import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { resourceFailure, T } from '../../texts';
import { LoadError } from '../../ui/notices';
import { BranchFilter } from './BranchFilter';
import { useReloadOrders } from './OrderBoard';
import { OrderCard } from './OrderCard';
import { useOrderEvents } from './use-order-events';

/** Orders still unconfirmed 15 minutes after their appointment (or after being placed). */
export default function MissedOrders() {
  const [params, setParams] = useSearchParams();
  const branch = params.get('branch') ?? '';
  const reload = useReloadOrders();
  useOrderEvents(reload);
  const { data, error, mutate } = useSWR(apiUrl('/api/orders/missed', {}, { branch }), (url) => api.get(url), {
    refreshInterval: 30_000,
  });
  return (
    <section>
      <div className="page-header">
        <h1>{T.orders.missedTitle}</h1>
        <BranchFilter value={branch} onChange={(e) => setParams(e.target.value ? { branch: e.target.value } : {})} />
      </div>
      {error && <LoadError message={resourceFailure('orders', 'load')} retry={() => mutate()} error={error} />}
      {data && data.length === 0 && <p>{T.orders.empty}</p>}
      <div className="order-grid">
        {data?.map((o) => (
          <OrderCard key={o.id} order={o} onChanged={reload} />
        ))}
      </div>
    </section>
  );
}
