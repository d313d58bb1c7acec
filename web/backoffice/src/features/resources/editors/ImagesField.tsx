import type { FileRef } from '@shop/contracts';
import { T } from '../../../texts';
import { ErrorText } from '../FieldInput';

const src = (img: FileRef) => `/image/thumbnail/${img.id}-${img.version}.${img.extension}`;

/** Stored images (id, version, extension): shown and removable. Uploading images needs the image service. */
export function ImagesField({ id, label, value, multiple, onChange, error }: {
  id: string; label: string; value: unknown; multiple: boolean; onChange: (v: unknown) => void; error?: string;
}) {
  const images = (multiple ? (Array.isArray(value) ? value : []) : value ? [value] : []) as FileRef[];
  return (
    <div className="field images-field" id={id}>
      <h3>{label}</h3>
      {images.length === 0 && <p>{T.images.none}</p>}
      <ul className="thumbs">
        {images.map((img, i) => (
          <li key={`${img.id}-${i}`}>
            <img src={src(img)} alt={img.alt ?? `${label} ${i + 1}`} width={96} height={96} loading="lazy" />
            <button type="button" onClick={() => onChange(multiple ? images.filter((_, j) => j !== i) : null)}>{T.images.remove}<span className="sr-only"> {i + 1}</span></button>
          </li>
        ))}
      </ul>
      <p className="help">{T.images.uploadMissing}</p>
      <ErrorText id={id} message={error} />
    </div>
  );
}
