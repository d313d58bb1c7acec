import type { ImageTemplate } from '@shop/contracts';
import { format, mediaTexts } from '@shop/i18n-de';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { T } from '../../texts';
import { ListHeader, PagedTable, useListParams } from '../content/list-tools';
import { useDocumentTitle } from '../content/use-content-editor';
import { LoadState, useConfirmedDelete } from '../../ui/resource-state';

const M = mediaTexts.templates;

/** #/media/image-templates: the image templates (canvas size, number of layers); create, edit, delete. */
export default function ImageTemplatesPage() {
  useDocumentTitle(M.title);
  const { params } = useListParams();
  const page = params.get('page') ?? '1';
  const { data, error, mutate } = useSWR(
    apiUrl('/api/image-templates', {}, { page, perPage: 50 }),
    (url) => api.list(url),
    { keepPreviousData: true },
  );
  const deleting = useConfirmedDelete<ImageTemplate>(
    'image-templates',
    (t) => api.delete(apiUrl('/api/image-templates/{id}', { id: t.id })),
    M.deleted,
    mutate,
  );

  return (
    <section>
      <ListHeader title={M.title} to="/media/image-templates/new" create={M.create} />
      <LoadState noun="image-templates" loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data && (
        <PagedTable
          columns={[M.identifier, `${M.width} × ${M.height}`, M.layerCount, T.list.actions]}
          list={data}
          empty={M.empty}
          row={(t) => (
            <tr key={t.id}>
              <td data-label={M.identifier}>
                <code>{t.identifier}</code>
              </td>
              <td data-label={`${M.width} × ${M.height}`}>
                {t.width} × {t.height}
              </td>
              <td data-label={M.layerCount}>{t.layers.length}</td>
              <td className="row-actions">
                <Link to={`/media/image-templates/${t.id}`} aria-label={`${M.edit}: ${t.identifier}`}>
                  {M.edit}
                </Link>{' '}
                {deleting.button(t, t.identifier)}
              </td>
            </tr>
          )}
        />
      )}
      {deleting.dialog((t) => format(M.deleteQuestion, { name: t.identifier }))}
    </section>
  );
}
