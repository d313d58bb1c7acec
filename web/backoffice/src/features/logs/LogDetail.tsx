import { formatDateTime } from '@shop/domain';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { f, resourceFailure, T } from '../../texts';
import { PairTable } from '../../ui/DataTable';
import { LoadError } from '../../ui/notices';
import { LEVEL_BADGE } from './log-labels';
import { BackLink } from '../../ui/BackLink';

/** Context ids that have a screen of their own. */
const LINKS: Partial<Record<string, (id: number) => string>> = {
  orderId: (v) => `/orders/${v}`,
  deviceId: (v) => `/devices/${v}`,
};

function ContextValue({ name, value }: { name: string; value: unknown }) {
  const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  const link = LINKS[name];
  return link && typeof value === 'number' ? <Link to={link(value)}>{text}</Link> : <>{text}</>;
}

/** One log entry: its facts and its context (ids such as orderId, deviceId, errorId) as key/value pairs. */
export default function LogDetail() {
  const { id } = useParams();
  const { data: entry, error, mutate } = useSWR(apiUrl('/api/logs/{id}', { id: id ?? '' }), (url) => api.get(url));
  if (error) return <LoadError message={resourceFailure('logs', 'load')} retry={() => mutate()} error={error} />;
  if (!entry) return <p role="status">{T.app.loading}</p>;
  return (
    <section>
      <BackLink to="/logs">{T.list.backToList}</BackLink>
      <div className="page-header">
        <h1>{f(T.logs.detailTitle, { id: entry.id })}</h1>
        <span className={`badge ${LEVEL_BADGE[entry.level]}`}>{T.logs.levels[entry.level]}</span>
      </div>
      <dl className="order-facts">
        <dt>{T.logs.createdAt}</dt>
        <dd>{formatDateTime(entry.createdAt)}</dd>
        <dt>{T.logs.source}</dt>
        <dd>{T.logs.sources[entry.source]}</dd>
        <dt>{T.logs.code}</dt>
        <dd>{entry.code}</dd>
        <dt>{T.logs.message}</dt>
        <dd>{entry.message}</dd>
      </dl>
      <h2>{T.logs.context}</h2>
      <PairTable
        className="data-table"
        headings={[T.logs.key, T.logs.value]}
        pairs={Object.entries(entry.context).map(([k, v]) => ({
          key: k,
          name: k,
          value: <ContextValue name={k} value={v} />,
        }))}
        rowHeaders
      />
    </section>
  );
}
