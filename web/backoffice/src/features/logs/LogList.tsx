import { LOG_LEVELS, LOG_SOURCES, type LogLevel, type LogListQuery, type LogSource } from '@shop/contracts';
import { formatDateTime } from '@shop/domain';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { resourceFailure, T } from '../../texts';
import { LoadError } from '../../ui/notices';
import { Pager, type ListMeta } from '../../ui/Pager';
import { useFilterDraft } from '../../ui/use-filter-draft';
import { LEVEL_BADGE } from './log-labels';

const PER_PAGE = 25;
const FILTERS = ['level', 'source', 'search', 'from', 'to'] as const;

/** A datetime-local value (the browser's local time) as an ISO instant for the API. */
const instant = (local: string) => new Date(local).toISOString();

/** The system log (administrators): level, source, text and period filters, newest first, paged. */
export default function LogList() {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useFilterDraft(FILTERS);
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

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams(
      Object.fromEntries(
        Object.entries(draft)
          .map(([k, v]) => [k, v.trim()])
          .filter(([, v]) => v),
      ),
    );
  };
  const set = (k: string) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));

  return (
    <section>
      <h1>{T.logs.title}</h1>
      <form className="filters" onSubmit={apply} aria-label={T.logs.filters}>
        <span className="filter">
          <label htmlFor="logs-level">{T.logs.level}</label>
          <select id="logs-level" value={draft.level} onChange={(e) => set('level')(e.target.value)}>
            <option value="">{T.logs.anyLevel}</option>
            {LOG_LEVELS.map((l) => (
              <option key={l} value={l}>
                {T.logs.levels[l]}
              </option>
            ))}
          </select>
        </span>
        <span className="filter">
          <label htmlFor="logs-source">{T.logs.source}</label>
          <select id="logs-source" value={draft.source} onChange={(e) => set('source')(e.target.value)}>
            <option value="">{T.logs.anySource}</option>
            {LOG_SOURCES.map((s) => (
              <option key={s} value={s}>
                {T.logs.sources[s]}
              </option>
            ))}
          </select>
        </span>
        <span className="filter">
          <label htmlFor="logs-search">{T.logs.search}</label>
          <input id="logs-search" type="search" value={draft.search} onChange={(e) => set('search')(e.target.value)} />
        </span>
        <span className="filter">
          <label htmlFor="logs-from">{T.logs.from}</label>
          <input
            id="logs-from"
            type="datetime-local"
            value={draft.from}
            onChange={(e) => set('from')(e.target.value)}
          />
        </span>
        <span className="filter">
          <label htmlFor="logs-to">{T.logs.to}</label>
          <input id="logs-to" type="datetime-local" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
        </span>
        <button type="submit">{T.logs.apply}</button>
      </form>
      {error && <LoadError message={resourceFailure('logs', 'load')} retry={() => mutate()} error={error} />}
      {!data && !error && <p role="status">{T.app.loading}</p>}
      {data && (
        <>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{T.logs.createdAt}</th>
                <th scope="col">{T.logs.level}</th>
                <th scope="col">{T.logs.source}</th>
                <th scope="col">{T.logs.code}</th>
                <th scope="col">{T.logs.message}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((l) => (
                <tr key={l.id}>
                  <td data-label={T.logs.createdAt}>
                    <Link to={`/logs/${l.id}`}>{formatDateTime(l.createdAt)}</Link>
                  </td>
                  <td data-label={T.logs.level}>
                    <span className={`badge ${LEVEL_BADGE[l.level]}`}>{T.logs.levels[l.level]}</span>
                  </td>
                  <td data-label={T.logs.source}>{T.logs.sources[l.source]}</td>
                  <td data-label={T.logs.code}>{l.code}</td>
                  <td data-label={T.logs.message}>{l.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.data.length === 0 && <p>{T.logs.empty}</p>}
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
