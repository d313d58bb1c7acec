import type { FileRef, Image } from '@shop/contracts';
import { imageUrl } from '@shop/domain';
import { contentBuilderTexts, format, mediaTexts } from '@shop/i18n-de';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { Pager, type ListMeta } from '../../../ui/Pager';
import { LoadState } from '../../../ui/resource-state';
import { imageLabel } from '../../media/ImageGrid';
import { useLibraryImages } from '../../media/use-library-images';

const L = contentBuilderTexts.form.library;
const M = mediaTexts.images;

/** What an image field stores of a library image (the same as after an upload in place). */
export const imageRef = (image: Image): FileRef => ({
  id: image.id,
  version: image.version,
  extension: image.extension,
  alt: image.alt,
});

/**
 * Beside an image field's upload: a dialog (the back office's modal: labelled, focus kept inside, Escape closes)
 * listing the media library's images with their thumbnails, searchable by name and paged like #/media. Choosing
 * one hands its reference to `onPick`; a single image field closes the dialog, a list keeps it open for more and
 * marks the images it already holds. Focus returns to the opening button.
 */
export function LibraryImagePicker({
  id,
  label,
  multiple,
  chosen,
  onPick,
}: {
  id: string;
  label: string;
  multiple: boolean;
  /** the images the field holds */
  chosen: readonly FileRef[];
  onPick: (ref: FileRef) => void;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // the focus goes back once the dialog is gone (while the modal dialog is open, the page behind it is inert)
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div className="library-pick">
      <button ref={opener} type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {L.open}
        <span className="sr-only"> ({label})</span>
      </button>
      {open && (
        <LibraryDialog
          id={id}
          label={label}
          chosen={chosen}
          onClose={close}
          onPick={(image) => {
            onPick(imageRef(image));
            if (!multiple) close();
          }}
        />
      )}
    </div>
  );
}

function LibraryDialog({
  id,
  label,
  chosen,
  onClose,
  onPick,
}: {
  id: string;
  label: string;
  chosen: readonly FileRef[];
  onClose: () => void;
  onPick: (image: Image) => void;
}) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ page: '1', perPage: 24, search: '' });
  const [added, setAdded] = useState('');
  const { data, error, mutate } = useLibraryImages(query);
  const searchId = `${id}-library-search`;
  const run = () => setQuery((q) => ({ ...q, page: '1', search: search.trim() }));
  return (
    <Dialog title={format(L.title, { label })} onClose={onClose}>
      {/* no <form>: the dialog sits inside the editor's form, and Enter here must search, not save the page */}
      <div role="search" className="filters">
        <label htmlFor={searchId}>{L.search}</label>{' '}
        <input
          id={searchId}
          type="search"
          autoFocus
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            run();
          }}
        />{' '}
        <button type="button" onClick={run}>
          {L.searchSubmit}
        </button>
      </div>
      <LoadState noun="images" loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data && data.data.length === 0 && <p>{M.empty}</p>}
      {data && data.data.length > 0 && (
        <ul className="library-images" aria-label={L.results}>
          {data.data.map((image) => {
            const held = chosen.some((c) => c.id === image.id);
            return (
              <li key={`${image.id}-${image.version}`}>
                <button
                  type="button"
                  disabled={held}
                  onClick={() => {
                    setAdded(format(L.added, { name: imageLabel(image) }));
                    onPick(image);
                  }}
                >
                  <img src={imageUrl(image, 'thumbnail')} alt="" width={96} height={96} loading="lazy" />
                  <span>{imageLabel(image)}</span>
                  {held && <span> ({L.chosen})</span>}
                </button>
                <span className="help">
                  {format(M.pixels, { width: image.width, height: image.height })} · {image.extension.toUpperCase()}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Pager meta={data?.meta as ListMeta | undefined} onPage={(p) => setQuery((q) => ({ ...q, page: String(p) }))} />
      <p role="status" className="sr-only">
        {added}
      </p>
    </Dialog>
  );
}
