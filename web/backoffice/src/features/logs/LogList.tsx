import { LOG_LEVELS, LOG_SOURCES, LogListQuery, type LogEntry, type LogLevel, type LogSource } from '@shop/contracts';
import { formatDateTime } from '@shop/domain';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { resourceFailure, T } from '../../texts';
import { PagedTable, type Column } from '../../ui/DataTable';
import { Filter, filterSchema, useFilterForm } from '../../ui/filter-form';
import { LoadError } from '../../ui/notices';
import { LEVEL_BADGE } from './log-labels';

const PER_PAGE = 25;
const FILTERS = ['level', 'source', 'search', 'from', 'to'] as const;
/** the filters as LogListQuery checks them; the period's controls hold local date-times */
const FILTER_SCHEMA = filterSchema(LogListQuery, FILTERS, ['from', 'to']);

/** A datetime-local value (the browser's local time) as an ISO instant for the API. */
const instant = (local: string) => new Date(local).toISOString();

const COLUMNS: Column<LogEntry>[] = [
  { label: T.logs.createdAt, cell: (l) => <Link to={`/logs/${l.id}`}>{formatDateTime(l.createdAt)}</Link> },
  {
    label: T.logs.level,
    cell: (l) => <span className={`badge ${LEVEL_BADGE[l.level]}`}>{T.logs.levels[l.level]}</span>,
  },
  { label: T.logs.source, cell: (l) => T.logs.sources[l.source] },
  { label: T.logs.code, cell: (l) => l.code },
  { label: T.logs.message, cell: (l) => l.message },
];

/** The log's filter bar (level, source, text, period), on react-hook-form with LogListQuery; sent to the address. */
function LogFilters() {
  const { form, onSubmit } = useFilterForm(FILTER_SCHEMA, FILTERS);
  return (
    <form className="filters" onSubmit={(e) => void onSubmit(e)} aria-label={T.logs.filters}>
      <Filter id="logs-level" label={T.logs.level}>
        <select id="logs-level" {...form.register('level')}>
          <option value="">{T.logs.anyLevel}</option>
          {LOG_LEVELS.map((l) => (
            <option key={l} value={l}>
              {T.logs.levels[l]}
            </option>
          ))}
        </select>
      </Filter>
      <Filter id="logs-source" label={T.logs.source}>
        <select id="logs-source" {...form.register('source')}>
          <option value="">{T.logs.anySource}</option>
          {LOG_SOURCES.map((s) => (
            <option key={s} value={s}>
              {T.logs.sources[s]}
            </option>
          ))}
        </select>
      </Filter>
      <Filter id="logs-search" label={T.logs.search}>
        <input id="logs-search" type="search" {...form.register('search')} />
      </Filter>
      <Filter id="logs-from" label={T.logs.from}>
        <input id="logs-from" type="datetime-local" {...form.register('from')} />
      </Filter>
      <Filter id="logs-to" label={T.logs.to}>
        <input id="logs-to" type="datetime-local" {...form.register('to')} />
      </Filter>
      <button type="submit">{T.logs.apply}</button>
    </form>
  );
}

/** The system log (administrators): level, source, text and period filters, newest first, paged. */
export default function LogList() {
  const [params] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  // the address bar's values as they are: the gateway answers a level or source it does not know with 422
  const query: LogListQuery = {
    page: params.get('page') ?? '1',
    perPage: PER_PAGE,
    level: (params.get('level') || undefined) as LogLevel | undefined,
    source: (params.get('source') || undefined) as LogSource | undefined,
    search: params.get('search') || undefined,
    from: from ? instant(from) : undefined,
    to: to ? instant(to) : undefined,
  };
  const { data, error, mutate } = useSWR(apiUrl('/api/logs', {}, query), (url) => api.list(url), {
    keepPreviousData: true,
  });

  return (
    <section>
      <h1>{T.logs.title}</h1>
      <LogFilters />
      {error && <LoadError message={resourceFailure('logs', 'load')} retry={() => mutate()} error={error} />}
      {!data && !error && <p role="status">{T.app.loading}</p>}
      {data && <PagedTable columns={COLUMNS} list={data} empty={T.logs.empty} />}
    </section>
  );
}
