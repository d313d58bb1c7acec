import {
  acceptAttribute,
  allowsMultipleFiles,
  hasPreview,
  isAcceptedFile,
  uploadFailureMessage,
  uploadUrl,
  type PartValue,
  type Upload,
} from '@shop/domain';
import { useState } from 'react';
import type { ConfigurationStep } from '@shop/contracts';
import { api } from '../../api/client';
import { s } from './texts';
import { uploadName, type ChosenUpload } from './parts';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** §7 "Create upload: body has the field data (a data-URL)" — POST /api/uploads. */
export async function createUpload(file: File): Promise<Upload> {
  const data = await readAsDataUrl(file);
  return api.post('/api/uploads', { data, filename: file.name });
}

/** The part's value as the uploads chosen so far (one upload, or a list of them). */
function chosenUploads(value: PartValue): ChosenUpload[] {
  return Array.isArray(value)
    ? (value as ChosenUpload[])
    : value && typeof value === 'object' && 'publicHash' in value
      ? [value as ChosenUpload]
      : [];
}

/** Each chosen file checked by its name and sent; the part keeps what went up, the failures are listed. */
function useUploads(step: ConfigurationStep, uploads: ChosenUpload[], onChange: (v: PartValue) => void) {
  const multiple = allowsMultipleFiles(step.type);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function handle(files: FileList | null) {
    if (!files || files.length === 0) return;
    setBusy(true);
    const failed: string[] = [];
    let next = multiple ? [...uploads] : [];
    for (const file of Array.from(multiple ? files : [files[0]])) {
      if (!isAcceptedFile(step.type, file.name)) {
        failed.push(uploadFailureMessage(file.name));
        continue;
      }
      try {
        const upload: ChosenUpload = { ...(await createUpload(file)), filename: file.name };
        next = multiple ? [...next, upload] : [upload];
      } catch {
        failed.push(uploadFailureMessage(file.name));
      }
    }
    setErrors(failed);
    if (next.length > 0 || !multiple) onChange(next.length > 0 ? next : uploads);
    setBusy(false);
  }
  return { busy, errors, handle };
}

/** The uploads chosen, with a preview where the type has one, each to remove. */
function UploadList({ uploads, onChange }: { uploads: ChosenUpload[]; onChange: (v: PartValue) => void }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="upload__list">
      {uploads.map((u, i) => (
        <li key={`${u.id}-${u.version}`}>
          {hasPreview(u.mimeType) && <img src={uploadUrl(u)} alt="" width={64} height={64} />}
          <span className="upload__file">{uploadName(u)}</span>
          <button
            type="button"
            className="link-button"
            onClick={() => onChange(uploads.filter((_, j) => j !== i))}
            aria-label={s('removeUpload', { name: uploadName(u) })}
          >
            {s('removeUploadButton')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * §5 "Upload. Accepted types by default … Image parts accept only .jpg, .jpeg, .png, .gif. Multiple files only
 * for 'images' and 'files'. Previews for jpeg, png, gif. Failure alert: 'Die ausgewählte Datei "{filename}"
 * kann nicht verarbeitet werden. …' The file is sent as a data-URL."
 */
export function UploadStep({
  id,
  step,
  value,
  onChange,
}: {
  id: string;
  step: ConfigurationStep;
  value: PartValue;
  onChange: (v: PartValue) => void;
}) {
  const uploads = chosenUploads(value);
  const multiple = allowsMultipleFiles(step.type);
  const { busy, errors, handle } = useUploads(step, uploads, onChange);
  return (
    <div className="upload">
      <input
        id={`upload-${id}`}
        className="visually-hidden-input"
        type="file"
        accept={acceptAttribute(step.type)}
        multiple={multiple}
        onChange={(e) => {
          void handle(e.target.files);
          e.target.value = '';
        }}
      />
      <label className="button button--secondary upload__button" htmlFor={`upload-${id}`}>
        {multiple ? s('chooseFiles') : s('chooseFile')}
      </label>
      {busy && <p role="status">{s('uploading')}</p>}
      {errors.map((e) => (
        <p key={e} role="alert" className="error">
          {e}
        </p>
      ))}
      <UploadList uploads={uploads} onChange={onChange} />
    </div>
  );
}
