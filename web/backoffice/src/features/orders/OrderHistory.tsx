import { ORDER_STATUSES, type OrderListQuery, type OrderStatus } from '@shop/contracts';
import { formatDateTime, formatPrice } from '@shop/domain';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { branchName, useBranches } from '../../api/use-branches';
import { resourceFailure, T } from '../../texts';
import { LoadError } from '../../ui/notices';
import { Pager, type ListMeta } from '../../ui/Pager';
import { useFilterDraft } from '../../ui/use-filter-draft';
import { BranchFilter } from './OrderBoard';
import { counterDeclinedText, customerName, orderTypeLabel, ticketLabel } from './OrderCard';

const PER_PAGE = 25;
const FILTERS = ['branch', 'status', 'from', 'to', 'search'] as const;

/** A date input (YYYY-MM-DD, local day) as the start or end of that day with offset, for the API. */
function dayBound(day: string, end: boolean): string {
  const d = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return d.toISOString();
}

/** Order history with filters (branch, status, period, search) and paging. */
export default function OrderHistory() {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useFilterDraft(FILTERS);
  const { data: branches } = useBranches();
  const page = Number(params.get('page') ?? '1') || 1;
  const from = params.get('from');
  const to = params.get('to');
  const query: OrderListQuery = {
    page,
    perPage: PER_PAGE,
    branch: params.get('branch'),
    status: (params.get('status') || undefined) as OrderStatus | undefined,
    search: params.get('search') || undefined,
    from: from ? dayBound(from, false) : undefined,
    to: to ? dayBound(to, true) : undefined,
  };
  const { data, error, mutate } = useSWR(apiUrl('/api/orders', {}, query), (url) => api.list(url), {
    keepPreviousData: true,
  });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)));
  };
  const set = (k: string) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));

  return (
    <section>
      <h1>{T.orders.historyTitle}</h1>
      <form className="filters" onSubmit={apply} aria-label={T.orders.filters}>
        <BranchFilter value={draft.branch} onChange={set('branch')} id="history-branch" />
        <span className="filter">
          <label htmlFor="history-status">{T.orders.statusLabel}</label>
          <select id="history-status" value={draft.status} onChange={(e) => set('status')(e.target.value)}>
            <option value="">{T.orders.anyStatus}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {T.orders.status[s]}
              </option>
            ))}
          </select>
        </span>
        <span className="filter">
          <label htmlFor="history-from">{T.orders.from}</label>
          <input id="history-from" type="date" value={draft.from} onChange={(e) => set('from')(e.target.value)} />
        </span>
        <span className="filter">
          <label htmlFor="history-to">{T.orders.to}</label>
          <input id="history-to" type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
        </span>
        <span className="filter">
          <label htmlFor="history-search">{T.orders.search}</label>
          <input
            id="history-search"
            type="search"
            value={draft.search}
            onChange={(e) => set('search')(e.target.value)}
          />
        </span>
        <button type="submit">{T.orders.apply}</button>
      </form>
      {error && <LoadError message={resourceFailure('orders', 'load')} retry={() => mutate()} error={error} />}
      {data && (
        <>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{T.orders.ticketColumn}</th>
                <th scope="col">{T.orders.placedAt}</th>
                <th scope="col">{T.orders.branch}</th>
                <th scope="col">{T.orders.type}</th>
                <th scope="col">{T.orders.customer}</th>
                <th scope="col">{T.orders.statusLabel}</th>
                <th scope="col">{T.orders.total}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((o) => (
                <tr key={o.id}>
                  <td data-label={T.orders.ticketColumn}>
                    <Link to={`/orders/${o.id}`}>{ticketLabel(o)}</Link>
                  </td>
                  <td data-label={T.orders.placedAt}>{formatDateTime(o.createdAt)}</td>
                  <td data-label={T.orders.branch}>{branchName(branches, o.branch.id)}</td>
                  <td data-label={T.orders.type}>{orderTypeLabel(o)}</td>
                  <td data-label={T.orders.customer}>{customerName(o)}</td>
                  <td data-label={T.orders.statusLabel}>
                    {T.orders.status[o.status]}
                    {counterDeclinedText(o) && <small className="status-reason">{counterDeclinedText(o)}</small>}
                  </td>
                  <td data-label={T.orders.total}>
                    {formatPrice(Number((o.pricing as { totalGross?: number }).totalGross ?? 0))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.data.length === 0 && <p>{T.orders.empty}</p>}
          <Pager
            meta={data.meta as ListMeta | undefined}
            onPage={(p) =>
              setParams((prev) => {
                const n = new URLSearchParams(prev);
                n.set('page', String(p));
                return n;
              })
            }
          />
        </>
      )}
    </section>
  );
}
