import type { ClockAction, ClockState } from '@shop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiUrl, errorMessage, publicApi } from '../../api/client';
import { ACTION_FAILED } from './time-texts';

/** A clock event of the terminal: its device time and key, with the credentials the server checks when it arrives. */
export interface ClockEvent {
  action: ClockAction;
  at: string;
  idempotencyKey: string;
  username: string;
  token: string;
}

/** A queued event the server refused when it finally arrived (a wrong code, a step the state did not allow). */
export interface RefusedEvent {
  key: string;
  action: ClockAction;
  at: string;
  username: string;
  reason: string;
}

/**
 * The headers of a terminal call: the device key (issue 37: never in the URL, which proxies log and browsers keep)
 * and the employee's username and code.
 */
export const terminalHeaders = (deviceKey: string, username: string, token: string) => ({
  'x-time-tracking-device-key': deviceKey,
  'x-time-tracking-user': username,
  'x-time-tracking-token': token,
});

/** while events wait, the terminal tries again this often (the `online` event does not tell of a server back up) */
const RETRY_MS = 30_000;

/**
 * No answer, or none from the service behind the gateway (timeout, bad gateway, unavailable): the same call can go
 * through later. Any other failure is the server's answer and stays the same.
 */
export function unreachable(err: unknown): boolean {
  return err instanceof ApiError && [0, 408, 502, 503, 504].includes(err.status);
}

/**
 * The terminal's offline queue (issue 19): events the network did not carry wait in memory, in order, with their
 * device time and idempotency key (the server applies a resent event once, at that time) and go out when the
 * tablet is online again, before any newer event. An event the server refuses on arrival leaves the queue and is
 * kept in `refused`, shown on the terminal until someone dismisses it.
 */
export function useClockQueue(branch: string, deviceKey: string) {
  const queue = useRef<ClockEvent[]>([]);
  const running = useRef<Promise<void> | null>(null);
  const [pending, setPending] = useState(0);
  const [refused, setRefused] = useState<RefusedEvent[]>([]);

  const send = useCallback(
    (e: ClockEvent): Promise<ClockState> =>
      publicApi.post(
        apiUrl('/api/time-tracking/{branch}/working-activities/{action}', { branch, action: e.action }),
        { at: e.at, idempotencyKey: e.idempotencyKey },
        { headers: terminalHeaders(deviceKey, e.username, e.token) },
      ),
    [branch, deviceKey],
  );

  const enqueue = (e: ClockEvent) => {
    queue.current.push(e);
    setPending(queue.current.length);
  };

  /** sends what waits, in order, one run at a time; stops at the first event the network still does not carry */
  const flush = useCallback((): Promise<void> => {
    if (running.current) return running.current;
    const run = (async () => {
      while (queue.current.length > 0) {
        const next = queue.current[0];
        try {
          await send(next);
        } catch (err) {
          if (unreachable(err)) return;
          const reason = errorMessage(err, ACTION_FAILED[next.action]);
          setRefused((r) => [
            ...r,
            { key: next.idempotencyKey, action: next.action, at: next.at, username: next.username, reason },
          ]);
        }
        queue.current.shift();
        setPending(queue.current.length);
      }
    })();
    running.current = run;
    void run.finally(() => {
      if (running.current === run) running.current = null;
    });
    return run;
  }, [send]);

  /**
   * Sends the event after what waits: the server's state, or null when it was queued (no network, or older events
   * still wait). A refusal of the server is thrown.
   */
  const submit = async (e: ClockEvent): Promise<ClockState | null> => {
    await flush();
    if (queue.current.length > 0) {
      enqueue(e);
      return null;
    }
    try {
      return await send(e);
    } catch (err) {
      if (!unreachable(err)) throw err;
      enqueue(e);
      return null;
    }
  };

  const dismiss = (key: string) => setRefused((r) => r.filter((x) => x.key !== key));

  useRetries(flush, pending);

  return { flush, submit, pending, refused, dismiss };
}

/** What waits goes out when the tablet is online again, and is tried every RETRY_MS while anything waits. */
function useRetries(flush: () => Promise<void>, pending: number) {
  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);
  useEffect(() => {
    if (pending === 0) return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [pending, flush]);
}
