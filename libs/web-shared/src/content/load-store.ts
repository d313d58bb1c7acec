import { useSyncExternalStore } from 'react';

/** What a {@link LoadStore} holds: the loaded value, or the error of the last attempt (the value is kept). */
export interface LoadState<T> {
  data: T | undefined;
  error: unknown;
}

export interface LoadStore<T> {
  /** Loads again (one request at a time); resolves whether that worked (a failure keeps what is shown). */
  reload: () => Promise<boolean>;
  /** Replaces the value (tests, an inlined start-up batch). */
  set: (data: T | undefined) => void;
  /** The state, loading on first use when there is neither a value nor an error. */
  use: () => LoadState<T> & { reload: () => Promise<boolean> };
}

/**
 * Start-up data (the presenter's part of /api/init) in one tiny external store instead of SWR: SWR is about 4.5 kB
 * gzip of the first load, and start-up data needs neither its cache keys nor its revalidation (issue 17: initial
 * JavaScript ≤ 100 KB). The storefront keeps its own copy of this store in web/storefront/src/api/init.ts: importing
 * this one put its entry 46 bytes over the same bar.
 */
export function createLoadStore<T>(load: () => Promise<T>, initial?: T): LoadStore<T> {
  let state: LoadState<T> = { data: initial, error: undefined };
  let inflight: Promise<boolean> | null = null;
  const listeners = new Set<() => void>();
  const setState = (next: LoadState<T>) => {
    state = next;
    listeners.forEach((l) => l());
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  const reload = () =>
    (inflight ??= load()
      .then((data) => {
        setState({ data, error: undefined });
        return true;
      })
      .catch((error: unknown) => {
        setState({ data: state.data, error });
        return false;
      })
      .finally(() => {
        inflight = null;
      }));
  return {
    reload,
    set: (data) => setState({ data, error: undefined }),
    use: () => {
      // the same state while hydrating a page the server rendered with this data (src/entry-server.tsx of the presenter)
      const current = useSyncExternalStore(
        subscribe,
        () => state,
        () => state,
      );
      if (!current.data && !current.error && !inflight) void reload();
      return { ...current, reload };
    },
  };
}
