import { NODE_TYPES, type ContentNode, type NodeType } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { Link } from 'react-router-dom';
import { T } from '../../../texts';
import { PagedList, type Column } from '../../../ui/DataTable';
import { usePagedList } from '../../../ui/resource-state';
import { ListHeader, useListParams } from '../list-tools';
import { SearchForm } from '../../../ui/list-filters';
import { useDocumentTitle } from '../use-content-editor';
import { labelled, Options } from '../../../ui/Options';
import { useContentReadOnly } from '../content-permission';

const N = contentBuilderTexts.nodes;
export const nodeName = (node: ContentNode): string =>
  typeof node.content.name === 'string' && node.content.name ? node.content.name : `#${node.id}`;

/** #/nodes: projects, objects, references and forms, by type, searched by name. */
export default function NodesPage() {
  const { params, setParam, page } = useListParams();
  const type = (params.get('type') as NodeType | null) ?? 'project';
  const search = params.get('search') ?? '';
  const nodes = usePagedList('nodes', { type, search, page, perPage: 25 }, N.deleted);
  useDocumentTitle(N.title);
  // issue 42: staff without the content permission read only
  const readOnly = useContentReadOnly();
  const columns: Column<ContentNode>[] = [
    { label: N.name, cell: (node) => <Link to={`/nodes/${node.id}`}>{nodeName(node)}</Link> },
    { label: N.identifier, cell: (node) => node.identifier ?? '–' },
    { label: N.status, cell: (node) => (node.isPublic ? N.public : N.draft) },
    {
      label: T.list.actions,
      actions: true,
      cell: (node) => (
        <>
          <Link to={`/nodes/${node.id}`} aria-label={`${T.list.edit}: ${nodeName(node)}`}>
            {T.list.edit}
          </Link>
          {!readOnly && nodes.deleting.button(node, nodeName(node))}
        </>
      ),
    },
  ];
  return (
    <section>
      <ListHeader title={N.title} to={`/nodes/new?type=${type}`} create={format(N.create, { type: N.types[type] })} />
      <div className="filters">
        <label htmlFor="nodes-type">{N.type}</label>{' '}
        <select id="nodes-type" value={type} onChange={(e) => setParam('type', e.target.value)}>
          <Options choices={labelled(NODE_TYPES, N.types)} />
        </select>{' '}
        <SearchForm id="nodes-search" label={T.list.search} />
      </div>
      <PagedList list={nodes} columns={columns} empty={N.empty} />
      {nodes.deleting.dialog((node) => format(N.deleteQuestion, { name: nodeName(node) }))}
    </section>
  );
}
