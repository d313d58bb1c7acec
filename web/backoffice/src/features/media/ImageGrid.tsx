import { IMAGE_TYPES, ImageMetaInput, type Image } from '@shop/contracts';
import { IMAGE_WIDTHS, imageSrcSet, imageUrl, type ImageSize } from '@shop/domain';
import { format, mediaTexts } from '@shop/i18n-de';
import { useState, type ChangeEvent } from 'react';
import { useContractForm } from '../../ui/contract-form';
import { ErrorText } from '../resources/ErrorText';
import { NamedLabel } from '../../ui/NamedLabel';

const M = mediaTexts.images;
const SIZES = Object.keys(IMAGE_WIDTHS) as ImageSize[];
export const IMAGE_ACCEPT = Object.keys(IMAGE_TYPES).join(',');

export interface ImageGridActions {
  /**
   * name and alternative text as typed; resolves whether they were saved, or rejects with the server's ApiError
   * whose field errors then stand at the card's fields (the screen has said what failed)
   */
  onSave: (image: Image, meta: { name: string; alt: string }) => Promise<boolean>;
  /** a new file for the same image (its version goes up) */
  onReplace: (image: Image, file: File) => Promise<unknown>;
  /** asks for confirmation first */
  onDelete: (image: Image) => void;
}

/** The label of an image in buttons and headings: its name, else 'Bild {id}'. */
export const imageLabel = (image: Pick<Image, 'id' | 'name'>) => image.name || format(M.unnamed, { id: image.id });

/**
 * The library's images as a grid: each with its picture (the six sizes as `srcset`), the list of those sizes
 * (icon 64 … large 1920, backoffice-platform.md §9) with links, name and alternative text to edit, a new file to
 * replace it, and delete.
 */
export function ImageGrid({ images, ...actions }: { images: Image[] } & ImageGridActions) {
  return (
    <ul className="media-grid">
      {images.map((image) => (
        <ImageCard key={`${image.id}-${image.version}`} image={image} {...actions} />
      ))}
    </ul>
  );
}

function ImageCard({ image, onSave, onReplace, onDelete }: { image: Image } & ImageGridActions) {
  const [replacing, setReplacing] = useState(false);
  const id = `image-${image.id}`;
  const label = imageLabel(image);

  const replace = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setReplacing(true);
    try {
      await onReplace(image, file);
    } finally {
      setReplacing(false);
      input.value = '';
    }
  };

  return (
    <li className="media-card" aria-labelledby={`${id}-title`}>
      <img
        src={imageUrl(image, 'small')}
        srcSet={imageSrcSet(image)}
        sizes="(min-width: 60rem) 16rem, 90vw"
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading="lazy"
      />
      <h2 id={`${id}-title`} className="media-card-title">
        {label}
      </h2>
      <p className="help">
        {format(M.pixels, { width: image.width, height: image.height })} · {image.extension.toUpperCase()}
      </p>
      <ImageSizes image={image} label={label} />
      <ImageMetaForm image={image} id={id} label={label} busy={replacing} onSave={onSave} onDelete={onDelete} />
      <p className="field">
        <NamedLabel htmlFor={`${id}-replace`} field={label}>
          {M.replace}
        </NamedLabel>
        <input
          id={`${id}-replace`}
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={replacing}
          onChange={(e) => void replace(e)}
        />
      </p>
    </li>
  );
}

/** The six sizes (icon 64 … large 1920) and the original, as links. */
function ImageSizes({ image, label }: { image: Image; label: string }) {
  return (
    <details>
      <summary>
        {M.sizes}
        <span className="sr-only"> ({label})</span>
      </summary>
      <ul className="media-sizes" aria-label={`${M.sizes}: ${label}`}>
        {SIZES.map((size) => (
          <li key={size}>
            <a href={imageUrl(image, size)} target="_blank" rel="noreferrer">
              {format(M.sizeLabel, { size, width: IMAGE_WIDTHS[size] })}
            </a>
          </li>
        ))}
        <li>
          <a href={imageUrl(image)} target="_blank" rel="noreferrer">
            {M.original}
          </a>
        </li>
      </ul>
    </details>
  );
}

/**
 * Name and alternative text on react-hook-form with the contract's ImageMetaInput (useContractForm), saved once
 * changed; the server's German field errors stand at their fields. And delete.
 */
function ImageMetaForm({
  image,
  id,
  label,
  busy,
  onSave,
  onDelete,
}: {
  image: Image;
  id: string;
  label: string;
  busy: boolean;
  onSave: ImageGridActions['onSave'];
  onDelete: ImageGridActions['onDelete'];
}) {
  const { form, errors, onSubmit, saving } = useContractForm(ImageMetaInput, {
    defaultValues: { name: image.name, alt: image.alt },
    send: async ({ name = '', alt = '' }) => {
      await onSave(image, { name, alt });
    },
    // the screen has said what failed; the field errors are at their fields
    failed: () => undefined,
  });
  const [name, alt] = form.watch(['name', 'alt']);
  const changed = name !== image.name || alt !== image.alt;
  const described = (field: 'name' | 'alt', hint?: string) => {
    const by = [errors[field] ? `${id}-${field}-error` : null, hint].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[field] ? (true as const) : undefined, 'aria-describedby': by || undefined };
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)}>
      <div className="field">
        <label htmlFor={`${id}-name`}>{M.name}</label>
        <input id={`${id}-name`} maxLength={255} {...described('name')} {...form.register('name')} />
        <ErrorText id={`${id}-name`} message={errors.name} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-alt`}>{M.alt}</label>
        <input id={`${id}-alt`} maxLength={255} {...described('alt', `${id}-alt-hint`)} {...form.register('alt')} />
        <p className="help" id={`${id}-alt-hint`}>
          {M.altHint}
        </p>
        <ErrorText id={`${id}-alt`} message={errors.alt} />
      </div>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={busy || saving || !changed}>
          {mediaTexts.save}
          <span className="sr-only"> ({label})</span>
        </button>
        <button type="button" className="danger" onClick={() => onDelete(image)}>
          {mediaTexts.delete}
          <span className="sr-only"> ({label})</span>
        </button>
      </div>
    </form>
  );
}
