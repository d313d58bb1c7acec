import type { StaffUpload } from '@shop/contracts';
import { format, mediaTexts } from '@shop/i18n-de';
import { useState } from 'react';
import { T } from '../../texts';
import { PagedList, type Column } from '../../ui/DataTable';
import { useListParams } from '../../ui/list-filters';
import { usePagedList } from '../../ui/resource-state';
import { useDocumentTitle } from '../content/use-content-editor';
import { formatBytes } from './media-tools';
import { UploadRenameDialog } from './UploadRenameDialog';

const U = mediaTexts.uploads;
const dateTime = new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeStyle: 'short' });
const uploadName = (u: StaffUpload) => u.originalName || format(U.unnamed, { id: u.id });

/** #/media/uploads: the uploaded files (visitors' and the editors'), newest first: open, rename and delete. */
export default function UploadsPage() {
  useDocumentTitle(U.title);
  const { page } = useListParams();
  const uploads = usePagedList('uploads', { page, perPage: 50 }, U.deleted);
  const [renaming, setRenaming] = useState<StaffUpload | null>(null);
  const columns: Column<StaffUpload>[] = [
    { label: U.name, cell: uploadName },
    { label: U.type, cell: (u) => <code>{u.mimeType}</code> },
    { label: U.size, cell: (u) => formatBytes(u.size) },
    { label: U.date, cell: (u) => <time dateTime={u.createdAt}>{dateTime.format(new Date(u.createdAt))}</time> },
    {
      label: T.list.actions,
      actions: true,
      cell: (u) => (
        <>
          <a href={u.url} target="_blank" rel="noreferrer">
            {U.open}
            <span className="sr-only"> ({uploadName(u)})</span>
          </a>{' '}
          <button type="button" onClick={() => setRenaming(u)}>
            {U.rename}
            <span className="sr-only"> ({uploadName(u)})</span>
          </button>{' '}
          {uploads.deleting.button(u, uploadName(u))}
        </>
      ),
    },
  ];

  return (
    <section>
      <h1>{U.title}</h1>
      <p className="help">{U.hint}</p>
      <PagedList list={uploads} columns={columns} empty={U.empty} />
      {uploads.deleting.dialog((u) => format(U.deleteQuestion, { name: uploadName(u) }))}
      {renaming && (
        <UploadRenameDialog
          upload={renaming}
          name={uploadName(renaming)}
          onClose={() => setRenaming(null)}
          onDone={() => {
            setRenaming(null);
            void uploads.mutate();
          }}
        />
      )}
    </section>
  );
}
