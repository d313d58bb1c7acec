import { WEBSITES } from '@shop/contracts';
import { contentBuilderTexts, resourceFailure, type ResourceNounKey } from '@shop/i18n-de';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, apiUrl, errorMessage } from '../../api/client';
import { T } from '../../texts';
import { Dialog } from '../../ui/Dialog';
import { LoadError, useNotices } from '../../ui/notices';

type Deletable = 'sites' | 'nodes' | 'navigations' | 'redirects';

/** The list's filters in the address (back and forward work); a changed filter goes back to page 1. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const setParam = (k: string, v: string) =>
    setParams((prev) => {
      const n = new URLSearchParams(prev);
      if (v) n.set(k, v);
      else n.delete(k);
      if (k !== 'page') n.delete('page');
      return n;
    });
  return { params, setParam };
}

/**
 * Deleting a row after a confirmation dialog: the §8 default ('… konnte nicht gelöscht werden.') or the server's
 * first message with a retry, a confirmation, and the list reloaded.
 */
export function useDelete<E extends { id: number }>(
  resource: Deletable,
  noun: ResourceNounKey,
  deletedText: string,
  reload: () => unknown,
) {
  const notices = useNotices();
  const [asking, setAsking] = useState<E | null>(null);
  const remove = async (row: E): Promise<void> => {
    setAsking(null);
    try {
      await api.delete(apiUrl(`/api/${resource}/{id}`, { id: row.id }));
      notices.success(deletedText);
      void reload();
    } catch (err) {
      notices.error(errorMessage(err, resourceFailure(noun, 'delete')), () => remove(row), err);
    }
  };
  const dialog = (title: (row: E) => string) =>
    asking && (
      <Dialog title={title(asking)} onClose={() => setAsking(null)}>
        <div className="form-actions">
          <button type="button" className="danger" onClick={() => void remove(asking)}>
            {T.list.delete}
          </button>
          <button type="button" onClick={() => setAsking(null)}>
            {T.orders.abort}
          </button>
        </div>
      </Dialog>
    );
  return { ask: setAsking, dialog };
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
  noun: Deletable;
  loaded: boolean;
  error: unknown;
  retry: () => unknown;
}) {
  if (error) return <LoadError message={resourceFailure(noun, 'load')} retry={() => retry()} error={error} />;
  if (!loaded) return <p role="status">{T.app.loading}</p>;
  return null;
}

/** The websites a site, navigation or redirect belongs to, as a select's options. */
export function WebsiteOptions() {
  return WEBSITES.map((w) => (
    <option key={w} value={w}>
      {contentBuilderTexts.sites.websites[w]}
    </option>
  ));
}
