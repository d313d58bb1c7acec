import { contentBuilderTexts, resourceFailure } from '@shop/i18n-de';
import type { ReactNode } from 'react';
import { api } from '../../../api/client';
import { readAsDataUrl } from '../../resources/editors/ImagesField';
import { useUploadList, type UploadFieldProps } from '../../resources/editors/use-upload-list';
import { NamedLabel } from '../../../ui/NamedLabel';

const C = contentBuilderTexts.form;

/** §3 "file (id, version, extension, publicHash)": what a file field stores. */
export interface FileValue {
  id: number;
  version: number;
  extension: string;
  publicHash: string;
}
/** §7 "/upload/{publicHash}/{id}-{version}.{extension}" */
export const uploadHref = (f: FileValue) => `/upload/${f.publicHash}/${f.id}-${f.version}.${f.extension}`;

/** Upload a file (POST /api/uploads, a data-URL) and return what a file field stores. */
export async function uploadFile(file: File): Promise<FileValue> {
  const up = await api.post('/api/uploads', { data: await readAsDataUrl(file), filename: file.name.slice(0, 255) });
  return { id: up.id, version: up.version, extension: up.extension, publicHash: up.publicHash };
}

/** A file (`file`: a new upload replaces it) or a list of files (`files`: uploads are added), uploaded in place. */
export function FilesField({ error, ...field }: UploadFieldProps & { error: ReactNode }) {
  const { id, label, multiple } = field;
  const {
    items: files,
    busy,
    uploadError,
    set,
    upload,
  } = useUploadList({
    ...field,
    empty: undefined,
    uploadOne: uploadFile,
    failure: resourceFailure('uploads', 'create'),
  });

  return (
    <div className="field files-field" id={id}>
      <h3>{label}</h3>
      {files.length === 0 && <p>{C.fileNone}</p>}
      <ul>
        {files.map((file, i) => (
          <li key={`${file.id}-${i}`}>
            <a href={uploadHref(file)} target="_blank" rel="noreferrer">
              {C.fileOpen} ({file.extension}, {file.id}-{file.version})
            </a>{' '}
            <button type="button" onClick={() => set(files.filter((_, j) => j !== i))}>
              {C.remove}
              <span className="sr-only">
                {' '}
                ({label} {i + 1})
              </span>
            </button>
          </li>
        ))}
      </ul>
      <p>
        <NamedLabel htmlFor={`${id}-file`} field={label}>
          {multiple ? C.filesUpload : C.fileUpload}
        </NamedLabel>{' '}
        <input id={`${id}-file`} type="file" multiple={multiple} disabled={busy} onChange={upload} />
      </p>
      {busy && <p role="status">{C.uploading}</p>}
      {uploadError && (
        <p className="field-error" role="alert">
          {uploadError}
        </p>
      )}
      {error}
    </div>
  );
}
