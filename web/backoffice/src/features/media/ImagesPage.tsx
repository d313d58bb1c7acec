import type { Image } from '@shop/contracts';
import { format, mediaTexts, resourceFailure } from '@shop/i18n-de';
import { useState, type ChangeEvent } from 'react';
import { api, ApiError, apiUrl, errorMessage } from '../../api/client';
import { useNotices } from '../../ui/notices';
import { Pager, type ListMeta } from '../../ui/Pager';
import { SearchForm, useListParams } from '../../ui/list-filters';
import { useDocumentTitle } from '../content/use-content-editor';
import { readAsDataUrl } from '../resources/editors/ImagesField';
import { AiImageForm } from './AiImageForm';
import { useLibraryImages } from './use-library-images';
import { IMAGE_ACCEPT, ImageGrid, imageLabel } from './ImageGrid';
import { LoadState, useRowDelete } from '../../ui/resource-state';

const M = mediaTexts.images;

/**
 * Uploads of the file input's images, one after the other, each confirmed; a failed one stops the rest, which its
 * retry uploads. The library is reloaded after the run.
 */
function useImageUploads(reload: () => void) {
  const notices = useNotices();
  const [uploading, setUploading] = useState(false);
  const uploadFiles = async (files: File[]): Promise<void> => {
    setUploading(true);
    try {
      for (const [i, file] of files.entries()) {
        try {
          await api.post('/api/images', { data: await readAsDataUrl(file), name: file.name.slice(0, 255) });
          notices.success(M.uploaded);
        } catch (err) {
          const rest = files.slice(i);
          notices.error(errorMessage(err, resourceFailure('images', 'create')), () => uploadFiles(rest), err);
          return;
        }
      }
    } finally {
      setUploading(false);
      reload();
    }
  };
  const onUpload = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.currentTarget.files ?? [])];
    e.currentTarget.value = '';
    if (files.length) void uploadFiles(files);
  };
  return { uploading, onUpload };
}

/**
 * #/media (images): the library's images, newest first, searchable by name; upload new ones, edit name and
 * alternative text, replace a file, delete; an AI prompt adds a generated image.
 */
export default function ImagesPage() {
  useDocumentTitle(M.title);
  const { params, setParam, page } = useListParams();
  const searched = params.get('search') ?? '';
  const notices = useNotices();
  const { data, error, mutate } = useLibraryImages({ page, perPage: 24, search: searched });
  const { uploading, onUpload } = useImageUploads(() => void mutate());

  /** `fieldErrors`: a refusal with field errors is thrown on after the notice, for the card's fields */
  const update = async (
    image: Image,
    body: { name: string; alt: string; data?: string },
    done: string,
    fieldErrors = false,
  ): Promise<boolean> => {
    try {
      await api.put(apiUrl('/api/images/{id}', { id: image.id }), body);
      // the grid shows the saved state before the confirmation (a replace right after sends what it shows)
      await mutate().catch(() => undefined);
      notices.success(done);
      return true;
    } catch (err) {
      notices.error(errorMessage(err, resourceFailure('images', 'update')), () => update(image, body, done), err);
      if (fieldErrors && err instanceof ApiError && err.errors.some((e) => e.field)) throw err;
      return false;
    }
  };
  const deleting = useRowDelete<Image>('images', M.deleted, mutate);

  return (
    <section>
      <h1>{M.title}</h1>
      <div className="media-tools">
        <div className="field">
          <label htmlFor="media-upload">{M.upload}</label>
          <input
            id="media-upload"
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            disabled={uploading}
            aria-describedby="media-upload-types"
            onChange={onUpload}
          />
          <p className="help" id="media-upload-types" aria-live="polite">
            {uploading ? M.uploading : M.types}
          </p>
        </div>
        <AiImageForm onCreated={() => void mutate()} />
      </div>
      <SearchForm id="media-search" label={M.searchLabel} button={M.search} className="filters" />
      <LoadState noun="images" loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data && (
        <>
          {data.data.length === 0 && <p>{M.empty}</p>}
          <ImageGrid
            images={data.data}
            onSave={(image, meta) => update(image, meta, M.saved, true)}
            onReplace={async (image, file) =>
              update(
                image,
                { name: image.name, alt: image.alt, data: await readAsDataUrl(file) },
                format(M.replaced, { version: image.version + 1 }),
              )
            }
            onDelete={deleting.ask}
          />
          <Pager meta={data.meta as ListMeta | undefined} onPage={(p) => setParam('page', String(p))} />
        </>
      )}
      {deleting.dialog((image) => format(M.deleteQuestion, { name: imageLabel(image) }))}
    </section>
  );
}
