import type { ImageTemplate } from '@shop/contracts';
import { format, mediaTexts } from '@shop/i18n-de';
import { Link } from 'react-router-dom';
import { T } from '../../texts';
import { PagedList, type Column } from '../../ui/DataTable';
import { useListParams } from '../../ui/list-filters';
import { usePagedList } from '../../ui/resource-state';
import { ListHeader } from '../content/list-tools';
import { useDocumentTitle } from '../content/use-content-editor';

const M = mediaTexts.templates;

/** #/media/image-templates: the image templates (canvas size, number of layers); create, edit, delete. */
export default function ImageTemplatesPage() {
  useDocumentTitle(M.title);
  const { page } = useListParams();
  const templates = usePagedList('image-templates', { page, perPage: 50 }, M.deleted);
  const columns: Column<ImageTemplate>[] = [
    { label: M.identifier, cell: (t) => <code>{t.identifier}</code> },
    {
      label: `${M.width} × ${M.height}`,
      cell: (t) => (
        <>
          {t.width} × {t.height}
        </>
      ),
    },
    { label: M.layerCount, cell: (t) => t.layers.length },
    {
      label: T.list.actions,
      actions: true,
      cell: (t) => (
        <>
          <Link to={`/media/image-templates/${t.id}`} aria-label={`${M.edit}: ${t.identifier}`}>
            {M.edit}
          </Link>{' '}
          {templates.deleting.button(t, t.identifier)}
        </>
      ),
    },
  ];

  return (
    <section>
      <ListHeader title={M.title} to="/media/image-templates/new" create={M.create} />
      <PagedList list={templates} columns={columns} empty={M.empty} />
      {templates.deleting.dialog((t) => format(M.deleteQuestion, { name: t.identifier }))}
    </section>
  );
}
