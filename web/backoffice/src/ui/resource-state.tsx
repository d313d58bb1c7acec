import { resourceFailure, type ResourceNounKey } from '@shop/i18n-de';
import type { FixedPathOf, PathOf, ResponseOf } from '@shop/web-api';
import { useState } from 'react';
import useSWR from 'swr';
import { api, apiUrl, errorMessage, type ApiUrl } from '../api/client';
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

/** The resources whose rows are deleted by id (DELETE /api/<resource>/{id}), each its own noun in the messages. */
export type DeletableResource = Extract<ResourceOf<PathOf<'DELETE'>>, ResourceNounKey>;
type ResourceOf<P> = P extends `/api/${infer R}/{id}` ? R : never;

/**
 * Deleting a row of a resource by its id after a confirmation (useConfirmedDelete); `then` runs once the row is
 * gone, before the confirmation (a screen forgets the row it had open).
 */
export function useRowDelete<E extends { id: number }>(
  resource: DeletableResource,
  deletedText: string,
  reload: () => unknown,
  then?: (row: E) => void,
) {
  return useConfirmedDelete<E>(
    resource,
    async (row) => {
      await api.delete(apiUrl(`/api/${resource}/{id}`, { id: row.id }));
      then?.(row);
    },
    deletedText,
    reload,
  );
}

/** A page of a list (its rows and paging) as SWR loads it, the page before kept on screen while the next loads. */
export function useApiList<P extends PathOf<'GET'>>(url: ApiUrl<P> | null) {
  return useSWR(url, (u: ApiUrl<P>) => api.list(u), { keepPreviousData: true });
}

/** The list of a resource (GET /api/<resource>) and one of its rows. */
type ListPath<R extends string> = Extract<FixedPathOf<'GET'>, `/api/${R}`>;
type RowOf<R extends string> = ResponseOf<'GET', ListPath<R>> extends ReadonlyArray<infer E> ? E : never;

/**
 * A list screen's page of a resource (redirects, sites, uploads, …): GET /api/<resource> with the screen's query
 * (its page, size and filters, in the order the screen writes them), the page before kept while the next loads; and
 * deleting one of its rows after a confirmation (useRowDelete), which loads the page again.
 */
export function usePagedList<R extends DeletableResource>(
  resource: R,
  query: Record<string, unknown>,
  deletedText: string,
) {
  // a list route has no path parameters; apiUrl's argument types cannot be worked out for a resource unknown here
  const listUrl = apiUrl as (path: ListPath<R>, params: object, query: object) => ApiUrl<ListPath<R>>;
  const url = listUrl(`/api/${resource}` as ListPath<R>, {}, query);
  const list = useApiList(url);
  const deleting = useRowDelete<RowOf<R> & { id: number }>(resource, deletedText, list.mutate);
  return { ...list, noun: resource, deleting };
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
