import { IMAGE_TYPES, type FileRef } from '@shop/contracts';
import type { ChangeEvent, ReactNode } from 'react';
import { api } from '../../../api/client';
import { resourceFailure, T } from '../../../texts';
import { ErrorText } from '../ErrorText';
import { useUploadList, type UploadFieldProps } from './use-upload-list';
import { NamedLabel } from '../../../ui/NamedLabel';

const src = (img: FileRef) => `/image/thumbnail/${img.id}-${img.version}.${img.extension}`;
const ACCEPT = Object.keys(IMAGE_TYPES).join(',');

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** One image of the field: its thumbnail, its alternative text and the button that removes it. */
function ImageThumb({
  id,
  image: img,
  name,
  n,
  onAlt,
  onRemove,
}: {
  id: string;
  image: FileRef;
  /** the field's label and the image's number ('Bilder 2'): the thumbnail's text without one of its own */
  name: string;
  n: number;
  onAlt: (alt: string) => void;
  onRemove: () => void;
}) {
  return (
    <li>
      <img src={src(img)} alt={img.alt || name} width={96} height={96} loading="lazy" />
      <NamedLabel htmlFor={id} field={name}>
        {T.images.alt}
      </NamedLabel>
      <input id={id} type="text" maxLength={255} value={img.alt ?? ''} onChange={(e) => onAlt(e.target.value)} />
      <button type="button" onClick={onRemove}>
        {T.images.remove}
        <span className="sr-only"> {n}</span>
      </button>
    </li>
  );
}

/** The file input that uploads new images, with the accepted types (or that an upload runs) below it. */
function UploadInput({
  id,
  label,
  multiple,
  busy,
  onChange,
}: {
  id: string;
  label: string;
  multiple: boolean;
  busy: boolean;
  onChange: (e: ChangeEvent<HTMLInputElement>) => unknown;
}) {
  return (
    <>
      <p>
        <NamedLabel htmlFor={`${id}-file`} field={label}>
          {T.images.upload}
        </NamedLabel>{' '}
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          multiple={multiple}
          disabled={busy}
          onChange={onChange}
          aria-describedby={`${id}-types`}
        />
      </p>
      <p className="help" id={`${id}-types`} aria-live="polite">
        {busy ? T.images.uploading : T.images.types}
      </p>
    </>
  );
}

/**
 * An image field (`image`, `logo`: a new file replaces the image) or list (`images`: new files are added):
 * files chosen here are uploaded to POST /api/images and their references ({id, version, extension, alt})
 * go into the entity, which the form saves as usual. Each reference has its own alternative text.
 */
export function ImagesField({
  error,
  choose,
  ...field
}: UploadFieldProps & {
  error?: string;
  /** another way to add images, shown beside the upload (the content builder's media library picker) */
  choose?: ReactNode;
}) {
  const { id, label, multiple } = field;
  const {
    items: images,
    busy,
    uploadError,
    set,
    upload,
  } = useUploadList<FileRef>({
    ...field,
    empty: null,
    uploadOne: async (file) => {
      const image = await api.post('/api/images', { data: await readAsDataUrl(file), name: file.name.slice(0, 255) });
      return { id: image.id, version: image.version, extension: image.extension, alt: image.alt };
    },
    failure: resourceFailure('images', 'create'),
  });

  return (
    <div className="field images-field" id={id}>
      <h3>{label}</h3>
      {images.length === 0 && <p>{T.images.none}</p>}
      <ul className="thumbs">
        {images.map((img, i) => (
          <ImageThumb
            key={`${img.id}-${i}`}
            id={`${id}-alt-${i}`}
            image={img}
            name={`${label} ${i + 1}`}
            n={i + 1}
            onAlt={(alt) => set(images.map((x, j) => (j === i ? { ...x, alt } : x)))}
            onRemove={() => set(images.filter((_, j) => j !== i))}
          />
        ))}
      </ul>
      <UploadInput id={id} label={label} multiple={multiple} busy={busy} onChange={upload} />
      {choose}
      {uploadError && (
        <p className="field-error" role="alert">
          {uploadError}
        </p>
      )}
      <ErrorText id={id} message={error} />
    </div>
  );
}
