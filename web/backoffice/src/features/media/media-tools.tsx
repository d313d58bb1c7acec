import { mediaTexts, resourceFailure, type ResourceNounKey } from '@shop/i18n-de';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { T } from '../../texts';
import { Dialog } from '../../ui/Dialog';
import { LoadError, useNotices } from '../../ui/notices';

/** The media library's resources with the §8 texts ('Bilder konnten nicht geladen werden.', …). */
export type MediaNoun = Extract<ResourceNounKey, 'images' | 'image-templates' | 'uploads' | 'fonts'>;

/**
 * Deleting after a confirmation dialog: a confirmation, or the server's first message else the §8 default
 * ('Bild konnte nicht gelöscht werden.') with a retry; `reload` afterwards.
 */
export function useConfirmedDelete<E>(
  noun: MediaNoun,
  remove: (row: E) => Promise<unknown>,
  deletedText: string,
  reload: () => unknown,
) {
  const notices = useNotices();
  const [asking, setAsking] = useState<E | null>(null);
  const run = async (row: E): Promise<void> => {
    setAsking(null);
    try {
      await remove(row);
      notices.success(deletedText);
      void reload();
    } catch (err) {
      notices.error(errorMessage(err, resourceFailure(noun, 'delete')), () => run(row), err);
    }
  };
  const dialog = (title: (row: E) => string) =>
    asking !== null && (
      <Dialog title={title(asking)} onClose={() => setAsking(null)}>
        <div className="form-actions">
          <button type="button" className="danger" onClick={() => void run(asking)}>
            {mediaTexts.delete}
          </button>
          <button type="button" onClick={() => setAsking(null)}>
            {mediaTexts.cancel}
          </button>
        </div>
      </Dialog>
    );
  return { ask: setAsking, dialog };
}

/** While a list loads: the loading notice, or the §8 load error with a retry; nothing once it is there. */
export function MediaLoadState({
  noun,
  loaded,
  error,
  retry,
}: {
  noun: MediaNoun;
  loaded: boolean;
  error: unknown;
  retry: () => unknown;
}) {
  if (error) return <LoadError message={resourceFailure(noun, 'load')} retry={() => retry()} error={error} />;
  if (!loaded) return <p role="status">{T.app.loading}</p>;
  return null;
}

/** 1.234 Bytes, 12,3 KB, 4,5 MB (German number format). */
export function formatBytes(bytes: number): string {
  const n = new Intl.NumberFormat('de-AT', { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${n.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${n.format(bytes / 1024)} KB`;
  return `${n.format(bytes / 1024 / 1024)} MB`;
}
