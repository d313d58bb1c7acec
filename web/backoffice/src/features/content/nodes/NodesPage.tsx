import { NODE_TYPES, type ContentNode, type NodeType } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../../api/client';
import { T } from '../../../texts';
import { ListHeader, LoadState, PagedTable, useDelete, useListParams } from '../list-tools';
import { SearchForm } from '../../../ui/list-filters';
import { useDocumentTitle } from '../use-content-editor';

const N = contentBuilderTexts.nodes;
export const nodeName = (node: ContentNode): string =>
  typeof node.content.name === 'string' && node.content.name ? node.content.name : `#${node.id}`;

/** #/nodes: projects, objects, references and forms, by type, searched by name. */
export default function NodesPage() {
  const { params, setParam } = useListParams();
  const type = (params.get('type') as NodeType | null) ?? 'project';
  const searched = params.get('search') ?? '';
  const page = params.get('page') ?? '1';
  const { data, error, mutate } = useSWR(
    apiUrl('/api/nodes', {}, { type, search: searched, page, perPage: 25 }),
    (url) => api.list(url),
    { keepPreviousData: true },
  );
  useDocumentTitle(N.title);
  const deleting = useDelete<ContentNode>('nodes', 'nodes', N.deleted, mutate);
  return (
    <section>
      <ListHeader title={N.title} to={`/nodes/new?type=${type}`} create={format(N.create, { type: N.types[type] })} />
      <div className="filters">
        <label htmlFor="nodes-type">{N.type}</label>{' '}
        <select id="nodes-type" value={type} onChange={(e) => setParam('type', e.target.value)}>
          {NODE_TYPES.map((t) => (
            <option key={t} value={t}>
              {N.types[t]}
            </option>
          ))}
        </select>{' '}
        <SearchForm id="nodes-search" label={T.list.search} />
      </div>
      <LoadState noun="nodes" loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data && (
        <PagedTable
          columns={[N.name, N.identifier, N.status, T.list.actions]}
          list={data}
          empty={N.empty}
          row={(node) => (
            <tr key={node.id}>
              <td data-label={N.name}>
                <Link to={`/nodes/${node.id}`}>{nodeName(node)}</Link>
              </td>
              <td data-label={N.identifier}>{node.identifier ?? '–'}</td>
              <td data-label={N.status}>{node.isPublic ? N.public : N.draft}</td>
              <td className="row-actions">
                <Link to={`/nodes/${node.id}`} aria-label={`${T.list.edit}: ${nodeName(node)}`}>
                  {T.list.edit}
                </Link>
                {deleting.button(node, nodeName(node))}
              </td>
            </tr>
          )}
        />
      )}
      {deleting.dialog((node) => format(N.deleteQuestion, { name: nodeName(node) }))}
    </section>
  );
}
