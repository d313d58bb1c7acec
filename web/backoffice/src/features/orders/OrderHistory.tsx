import { ORDER_STATUSES, OrderListQuery, type OrderStatus } from '@shop/contracts';
import { formatDateTime, formatPrice } from '@shop/domain';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { branchName, useBranches } from '../../api/use-branches';
import { resourceFailure, T } from '../../texts';
import { PagedTable, type Column } from '../../ui/DataTable';
import { Filter, filterSchema, useFilterForm } from '../../ui/filter-form';
import { LoadError } from '../../ui/notices';
import { BranchFilter } from './BranchFilter';
import { counterDeclinedText, customerName, orderTypeLabel, ticketLabel } from './OrderCard';
import type { StaffOrder } from './order-api';

const PER_PAGE = 25;
const FILTERS = ['branch', 'status', 'from', 'to', 'search'] as const;
/** the filters as OrderListQuery checks them; the period's controls hold local days */
const FILTER_SCHEMA = filterSchema(OrderListQuery, FILTERS, ['branch', 'from', 'to']);

/** A date input (YYYY-MM-DD, local day) as the start or end of that day with offset, for the API. */
function dayBound(day: string, end: boolean): string {
  const d = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return d.toISOString();
}

/** The history's columns; the branch's name comes from the branches loaded. */
const columns = (branches: ReturnType<typeof useBranches>['data']): Column<StaffOrder>[] => [
  { label: T.orders.ticketColumn, cell: (o) => <Link to={`/orders/${o.id}`}>{ticketLabel(o)}</Link> },
  { label: T.orders.placedAt, cell: (o) => formatDateTime(o.createdAt) },
  { label: T.orders.branch, cell: (o) => branchName(branches, o.branch.id) },
  { label: T.orders.type, cell: (o) => orderTypeLabel(o) },
  { label: T.orders.customer, cell: (o) => customerName(o) },
  {
    label: T.orders.statusLabel,
    cell: (o) => (
      <>
        {T.orders.status[o.status]}
        {counterDeclinedText(o) && <small className="status-reason">{counterDeclinedText(o)}</small>}
      </>
    ),
  },
  {
    label: T.orders.total,
    cell: (o) => formatPrice(Number((o.pricing as { totalGross?: number }).totalGross ?? 0)),
  },
];

/** The history's filter bar (branch, status, period, search), on react-hook-form with OrderListQuery. */
function HistoryFilters() {
  const { form, onSubmit } = useFilterForm(FILTER_SCHEMA, FILTERS);
  return (
    <form className="filters" onSubmit={(e) => void onSubmit(e)} aria-label={T.orders.filters}>
      <BranchFilter id="history-branch" {...form.register('branch')} />
      <Filter id="history-status" label={T.orders.statusLabel}>
        <select id="history-status" {...form.register('status')}>
          <option value="">{T.orders.anyStatus}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {T.orders.status[s]}
            </option>
          ))}
        </select>
      </Filter>
      <Filter id="history-from" label={T.orders.from}>
        <input id="history-from" type="date" {...form.register('from')} />
      </Filter>
      <Filter id="history-to" label={T.orders.to}>
        <input id="history-to" type="date" {...form.register('to')} />
      </Filter>
      <Filter id="history-search" label={T.orders.search}>
        <input id="history-search" type="search" {...form.register('search')} />
      </Filter>
      <button type="submit">{T.orders.apply}</button>
    </form>
  );
}

/** Order history with filters (branch, status, period, search) and paging. */
export default function OrderHistory() {
  const [params] = useSearchParams();
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

  return (
    <section>
      <h1>{T.orders.historyTitle}</h1>
      <HistoryFilters />
      {error && <LoadError message={resourceFailure('orders', 'load')} retry={() => mutate()} error={error} />}
      {data && <PagedTable columns={columns(branches)} list={data} empty={T.orders.empty} />}
    </section>
  );
}
