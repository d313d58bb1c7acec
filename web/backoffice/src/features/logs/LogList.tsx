import { LOG_LEVELS, LOG_SOURCES, LogListQuery, type LogEntry, type LogLevel, type LogSource } from '@shop/contracts';
import { formatDateTime } from '@shop/domain';
import { Link, useSearchParams } from 'react-router-dom';
import { apiUrl } from '../../api/client';
import { T } from '../../texts';
import { PagedTable, type Column } from '../../ui/DataTable';
import { filterSchema, InputFilter, PeriodFilter, SelectFilter, useFilterForm } from '../../ui/filter-form';
import { LoadState, useApiList } from '../../ui/resource-state';
import { LEVEL_BADGE } from './log-labels';
import { labelled } from '../../ui/Options';

const PER_PAGE = 25;
const FILTERS = ['level', 'source', 'search', 'from', 'to'] as const;
/** the filters as LogListQuery checks them; the period's controls hold local date-times */
const FILTER_SCHEMA = filterSchema(LogListQuery, FILTERS, ['from', 'to']);
/** The filter bar's choices: level and source, each with its text for any and its values' names. */
const CHOICES = [
  { name: 'level', label: T.logs.level, any: T.logs.anyLevel, choices: labelled(LOG_LEVELS, T.logs.levels) },
  { name: 'source', label: T.logs.source, any: T.logs.anySource, choices: labelled(LOG_SOURCES, T.logs.sources) },
] as const;

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
      {CHOICES.map(({ name, ...choice }) => (
        <SelectFilter key={name} id={`logs-${name}`} {...choice} {...form.register(name)} />
      ))}
      <InputFilter id="logs-search" label={T.logs.search} type="search" {...form.register('search')} />
      <PeriodFilter id="logs" type="datetime-local" labels={[T.logs.from, T.logs.to]} inputs={form.register} />
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
  const { data, error, mutate } = useApiList(apiUrl('/api/logs', {}, query));

  return (
    <section>
      <h1>{T.logs.title}</h1>
      <LogFilters />
      <LoadState noun="logs" loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data && <PagedTable columns={COLUMNS} list={data} empty={T.logs.empty} />}
    </section>
  );
}
