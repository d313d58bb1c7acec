import type { StaffUpload } from '@shop/contracts';
import { format, mediaTexts } from '@shop/i18n-de';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { T } from '../../texts';
import { PagedTable, useListParams } from '../content/list-tools';
import { useDocumentTitle } from '../content/use-content-editor';
import { LoadState, useConfirmedDelete } from '../../ui/resource-state';
import { formatBytes } from './media-tools';

const U = mediaTexts.uploads;
const dateTime = new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeStyle: 'short' });
const uploadName = (u: StaffUpload) => u.originalName || format(U.unnamed, { id: u.id });

/** #/media/uploads: the uploaded files (visitors' and the editors'), newest first: open and delete. */
export default function UploadsPage() {
  useDocumentTitle(U.title);
  const { params } = useListParams();
  const page = params.get('page') ?? '1';
  const { data, error, mutate } = useSWR(apiUrl('/api/uploads', {}, { page, perPage: 50 }), (url) => api.list(url), {
    keepPreviousData: true,
  });
  const deleting = useConfirmedDelete<StaffUpload>(
    'uploads',
    (u) => api.delete(apiUrl('/api/uploads/{id}', { id: u.id })),
    U.deleted,
    mutate,
  );

  return (
    <section>
      <h1>{U.title}</h1>
      <p className="help">{U.hint}</p>
      <LoadState noun="uploads" loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data && (
        <PagedTable
          columns={[U.name, U.type, U.size, U.date, T.list.actions]}
          list={data}
          empty={U.empty}
          row={(u) => (
            <tr key={u.id}>
              <td data-label={U.name}>{uploadName(u)}</td>
              <td data-label={U.type}>
                <code>{u.mimeType}</code>
              </td>
              <td data-label={U.size}>{formatBytes(u.size)}</td>
              <td data-label={U.date}>
                <time dateTime={u.createdAt}>{dateTime.format(new Date(u.createdAt))}</time>
              </td>
              <td className="row-actions">
                <a href={u.url} target="_blank" rel="noreferrer">
                  {U.open}
                  <span className="sr-only"> ({uploadName(u)})</span>
                </a>{' '}
                {deleting.button(u, uploadName(u))}
              </td>
            </tr>
          )}
        />
      )}
      {deleting.dialog((u) => format(U.deleteQuestion, { name: uploadName(u) }))}
    </section>
  );
}
