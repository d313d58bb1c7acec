import { resourceFailure, type ResourceNounKey } from '@shop/i18n-de';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { T } from '../texts';
import { Dialog } from './Dialog';
import { LoadError, useNotices } from './notices';

/**
 * Deleting a row after a confirmation dialog: a confirmation, or the server's first message else the §8 default
 * ('Seite konnte nicht gelöscht werden.', 'Bild …') with a retry; `reload` afterwards.
 */
export function useConfirmedDelete<E>(
  noun: ResourceNounKey,
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
            {T.list.delete}
          </button>
          <button type="button" onClick={() => setAsking(null)}>
            {T.orders.abort}
          </button>
        </div>
      </Dialog>
    );
  /** the row's delete button, named after the row for screen readers ('Löschen: Impressum') */
  const button = (row: E, name: string) => (
    <button type="button" className="danger" aria-label={`${T.list.delete}: ${name}`} onClick={() => setAsking(row)}>
      {T.list.delete}
    </button>
  );
  return { ask: setAsking, dialog, button };
}

/**
 * Instead of a list or record while it loads: the loading notice, or the §8 load error ('… konnten nicht geladen
 * werden.') with a retry; nothing once it is there.
 */
export function LoadState({
  noun,
  loaded,
  error,
  retry,
}: {
  noun: ResourceNounKey;
  loaded: boolean;
  error: unknown;
  retry: () => unknown;
}) {
  if (error) return <LoadError message={resourceFailure(noun, 'load')} retry={() => retry()} error={error} />;
  if (!loaded) return <p role="status">{T.app.loading}</p>;
  return null;
}
