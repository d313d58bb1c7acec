import type { ClockAction, ClockState } from '@shop/contracts';
import { format } from '@shop/i18n-de';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError, apiUrl, errorMessage, publicApi } from '../../api/client';
import { ClockPanel } from './ClockPanel';
import { ACTION_FAILED, TT } from './time-texts';

const RESET_SECONDS = 10;

interface Queued {
  action: ClockAction;
  at: string;
  idempotencyKey: string;
  username: string;
  token: string;
}

/** A random key per clock event: the server applies a resent event once. */
const newKey = () => crypto.randomUUID().replace(/-/g, '');

/**
 * The branch terminal on a shared tablet (`#/terminal/{branch}/{key}`, issue 19): username and personal code,
 * the state and the four actions in large buttons, a clear confirmation and back to the start after 10 seconds.
 * An event the network did not carry waits in memory with its time and key and goes out when the tablet is
 * online again (once, at the time it happened).
 */
export function TerminalPage() {
  const { branch = '', deviceKey = '' } = useParams();
  const [username, setUsername] = useState('');
  const [token, setToken] = useState('');
  const [state, setState] = useState<ClockState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);
  const queue = useRef<Queued[]>([]);

  const headers = (u: string, c: string) => ({ 'x-time-tracking-user': u, 'x-time-tracking-token': c });
  const reset = () => {
    setUsername('');
    setToken('');
    setState(null);
    setError(null);
    setConfirmation(null);
    setCountdown(0);
  };

  useEffect(() => {
    document.title = TT.terminalTitle;
  }, []);
  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => (countdown === 1 ? reset() : setCountdown(countdown - 1)), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const send = (q: Queued) =>
    publicApi.post(
      apiUrl('/api/time-tracking/{branch}/{deviceKey}/working-activities/{action}', {
        branch,
        deviceKey,
        action: q.action,
      }),
      { at: q.at, idempotencyKey: q.idempotencyKey },
      { headers: headers(q.username, q.token) },
    );
  /** sends what waited, in order; stops at the first that still finds no network */
  const flush = async () => {
    while (queue.current.length > 0) {
      try {
        await send(queue.current[0]);
      } catch (err) {
        if (err instanceof ApiError && err.status === 0) return;
      }
      queue.current.shift();
    }
  };
  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  });

  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await flush();
      const me = await publicApi.get(apiUrl('/api/time-tracking/{branch}/{deviceKey}/me', { branch, deviceKey }), {
        headers: headers(username, token),
      });
      setState(me);
    } catch (err) {
      setError(errorMessage(err, TT.terminalTitle));
    } finally {
      setBusy(false);
    }
  };

  const act = async (action: ClockAction) => {
    const event: Queued = { action, at: new Date().toISOString(), idempotencyKey: newKey(), username, token };
    setBusy(true);
    setError(null);
    try {
      await flush();
      const next = await send(event);
      setState(next);
      setConfirmation(TT.confirmed[action]);
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) {
        queue.current.push(event);
        setConfirmation(TT.confirmed[action]);
      } else setError(errorMessage(err, ACTION_FAILED[action]));
    } finally {
      setBusy(false);
      setCountdown(RESET_SECONDS);
    }
  };

  return (
    <main id="main" className="terminal">
      <h1>{TT.terminalTitle}</h1>
      {error && (
        <p className="terminal-error" role="alert">
          {error}
        </p>
      )}
      {!state ? (
        <form className="terminal-login" onSubmit={(e) => void signIn(e)}>
          <label htmlFor="terminal-username">{TT.username}</label>
          <input
            id="terminal-username"
            autoComplete="off"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
          <label htmlFor="terminal-code">{TT.code}</label>
          <input
            id="terminal-code"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            required
          />
          <button type="submit" className="time-clock-button" disabled={busy}>
            {TT.signIn}
          </button>
        </form>
      ) : (
        <>
          <p className="terminal-hello">{format(TT.hello, { username: state.user.username })}</p>
          <ClockPanel state={state} busy={busy} onAction={(a) => void act(a)} />
          {confirmation && (
            <p className="terminal-confirmation" role="status">
              {confirmation} {countdown > 0 && format(TT.backToStart, { seconds: countdown })}
            </p>
          )}
          <button type="button" className="time-clock-button" onClick={reset}>
            {TT.signOut}
          </button>
        </>
      )}
    </main>
  );
}
