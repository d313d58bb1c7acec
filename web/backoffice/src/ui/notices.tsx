import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError, isForbidden, isRetryable } from '../api/client';
import { T } from '../texts';

/**
 * backoffice-platform.md §8: every failed load or save records an error with a recovery action that retries
 * the call. Successes show a short confirmation. Errors stay until dismissed, retried or the user leaves the
 * screen (a retry from another screen would repeat a stale call, e.g. save an old state of a form over newer data).
 */
export interface Notice {
  id: number;
  kind: 'error' | 'success';
  message: string;
  retry?: () => unknown;
}

interface NoticeApi {
  notices: Notice[];
  /** `cause`: the failure; a retry is offered only when repeating the call can succeed (isRetryable) */
  error(message: string, retry?: () => unknown, cause?: unknown): void;
  success(message: string): void;
  dismiss(id: number): void;
  dismissErrors(): void;
}

const NoticeContext = createContext<NoticeApi | null>(null);
let nextId = 1;

export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const dismiss = useCallback((id: number) => setNotices((all) => all.filter((n) => n.id !== id)), []);
  const error = useCallback((message: string, retry?: () => unknown, cause?: unknown) => {
    const entry: Notice = { id: nextId++, kind: 'error', message };
    // a validation or permission error answers the same again: no retry for it
    if (retry && (cause === undefined || isRetryable(cause))) entry.retry = retry;
    // the same failure twice is one entry (a retry that fails again replaces it)
    setNotices((all) => [...all.filter((n) => n.message !== message), entry]);
  }, []);
  // confirmations go after 4 s; their timers end with the provider
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, []);
  const success = useCallback((message: string) => {
    const id = nextId++;
    setNotices((all) => [...all, { id, kind: 'success', message }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setNotices((all) => all.filter((n) => n.id !== id));
    }, 4000);
    timers.current.add(timer);
  }, []);
  const dismissErrors = useCallback(() => setNotices((all) => all.filter((n) => n.kind !== 'error')), []);
  const value = useMemo(
    () => ({ notices, error, success, dismiss, dismissErrors }),
    [notices, error, success, dismiss, dismissErrors],
  );
  return (
    <NoticeContext.Provider value={value}>
      {children}
      <NoticeArea />
    </NoticeContext.Provider>
  );
}

export function useNotices(): NoticeApi {
  const api = useContext(NoticeContext);
  if (!api) throw new Error('NoticeProvider missing');
  return api;
}

/** Inside the router: the errors of a screen go when the user moves to another screen. */
export function useDismissErrorsOnLeave(): void {
  const { pathname } = useLocation();
  const { dismissErrors } = useNotices();
  useEffect(() => dismissErrors, [pathname, dismissErrors]);
}

function NoticeArea() {
  const { notices, dismiss } = useNotices();
  return (
    <div className="notices" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
          <span>{n.message}</span>
          {n.retry && (
            <button
              type="button"
              onClick={() => {
                dismiss(n.id);
                void n.retry?.();
              }}
            >
              {T.app.retry}
            </button>
          )}
          <button type="button" className="link" onClick={() => dismiss(n.id)}>
            {T.app.dismiss}
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * What a failed load says (issue 42 item 4: '… konnten nicht geladen werden.' named the wrong cause): a refusal for
 * lack of rights (403) the server's reason ('Sie haben keinen Zugriff auf diese Filiale.', or 'Dafür fehlen Ihnen die
 * Rechte.'), something missing (404) `notFound` where the screen knows better, else the server's text ('Die
 * Bestellung wurde nicht gefunden.', or 'Der angeforderte Eintrag wurde nicht gefunden.'); anything else `message`.
 */
export function loadErrorText(message: string, error: unknown, notFound?: string): string {
  if (isForbidden(error)) return error.messageOr(T.app.loadForbidden);
  if (error instanceof ApiError && error.status === 404) return notFound ?? error.messageOr(T.app.loadNotFound);
  return message;
}

/**
 * A failed load inside a screen: its text (loadErrorText: the cause for a 403 or 404, else the message) and a retry
 * button, offered only when repeating the load can succeed.
 */
export function LoadError({
  message,
  retry,
  error,
  notFound,
}: {
  message: string;
  retry: () => unknown;
  error?: unknown;
  /** the text of a 404 where the screen says more than the server ('… or another branch's') */
  notFound?: string;
}) {
  const canRetry = error === undefined || isRetryable(error);
  return (
    <div className="load-error" role="alert">
      <p>{loadErrorText(message, error, notFound)}</p>
      {canRetry && (
        <button type="button" onClick={() => void retry()}>
          {T.app.retry}
        </button>
      )}
    </div>
  );
}

/** What a load of SWR (useSWR's answer) holds for its failure: the error, and the call that loads again. */
interface Loading {
  error?: unknown;
  mutate: () => unknown;
}

/** The LoadError of a load of SWR while it has failed (its message and a retry that loads again); else nothing. */
export function LoadFailed({ load, message, notFound }: { load: Loading; message: string; notFound?: string }) {
  return load.error ? (
    <LoadError message={message} retry={() => load.mutate()} error={load.error} notFound={notFound} />
  ) : null;
}
