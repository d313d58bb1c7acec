import { ORDER_STATUSES, OrderListQuery, type OrderStatus } from '@shop/contracts';
import { formatDateTime, formatPrice } from '@shop/domain';
import { Link, useSearchParams } from 'react-router-dom';
import { apiUrl } from '../../api/client';
import { branchName, useBranches } from '../../api/use-branches';
import { resourceFailure, T } from '../../texts';
import { PagedTable, type Column } from '../../ui/DataTable';
import { filterSchema, InputFilter, PeriodFilter, SelectFilter, useFilterForm } from '../../ui/filter-form';
import { LoadError } from '../../ui/notices';
import { useApiList } from '../../ui/resource-state';
import { BranchFilter } from './BranchFilter';
import { counterDeclinedText, customerName, orderTypeLabel, ticketLabel } from './OrderCard';
import type { StaffOrder } from './order-api';
import { labelled } from '../../ui/Options';

const PER_PAGE = 25;
const FILTERS = ['branch', 'status', 'from', 'to', 'search'] as const;
/** the filters as OrderListQuery checks them; the period's controls hold local days */
const FILTER_SCHEMA = filterSchema(OrderListQuery, FILTERS, ['branch', 'from', 'to']);
const STATUSES = labelled(ORDER_STATUSES, T.orders.status);

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
      <SelectFilter
        id="history-status"
        label={T.orders.statusLabel}
        any={T.orders.anyStatus}
        choices={STATUSES}
        {...form.register('status')}
      />
      <PeriodFilter id="history" type="date" labels={[T.orders.from, T.orders.to]} inputs={form.register} />
      <InputFilter id="history-search" label={T.orders.search} type="search" {...form.register('search')} />
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
  const { data, error, mutate } = useApiList(apiUrl('/api/orders', {}, query));

  return (
    <section>
      <h1>{T.orders.historyTitle}</h1>
      <HistoryFilters />
      {error && <LoadError message={resourceFailure('orders', 'load')} retry={() => mutate()} error={error} />}
      {data && <PagedTable columns={columns(branches)} list={data} empty={T.orders.empty} />}
    </section>
  );
}
