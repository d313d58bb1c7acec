import type { ClockAction, ClockState } from '@shop/contracts';
import { formatDate, formatTime } from '@shop/domain';
import { format } from '@shop/i18n-de';
import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError, apiUrl, errorMessage, isRetryable, publicApi } from '../../api/client';
import { ClockPanel } from './ClockPanel';
import { ACTION_FAILED, SIGN_IN_FAILED, TT } from './time-texts';
import { terminalHeaders, unreachable, useClockQueue, type ClockEvent, type RefusedEvent } from './use-clock-queue';
import './time-tracking.css';

const RESET_SECONDS = 10;

/** A random key per clock event: the server applies a resent event once. */
const newKey = () => crypto.randomUUID().replace(/-/g, '');
/** the tablet's own zone: it stands at the branch */
const tabletZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Who is signed in: the server's state, or null when the server could not be asked (offline: state unknown). */
interface Session {
  username: string;
  token: string;
  state: ClockState | null;
}

/** Counts down once a second; at the end the terminal goes back to the start. */
function useCountdown(countdown: number, setCountdown: (n: number) => void, atEnd: () => void) {
  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => (countdown === 1 ? atEnd() : setCountdown(countdown - 1)), 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each second restarts the timer; atEnd only sets state
  }, [countdown]);
}

/**
 * The terminal's sign-in and actions: who is signed in (the server's state, or unknown offline), the error with its
 * retry, the confirmation, and the countdown back to the start (10 seconds after an action).
 */
function useTerminal(branch: string, deviceKey: string) {
  const { flush, submit, ...queue } = useClockQueue(branch, deviceKey);
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<{ message: string; retry: boolean } | null>(null);
  const [confirmation, setConfirmation] = useState<{ text: string; queued: boolean } | null>(null);
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);
  const [credentials, setCredentials] = useState({ username: '', token: '' });

  const reset = () => {
    setCredentials({ username: '', token: '' });
    setSession(null);
    setError(null);
    setConfirmation(null);
    setCountdown(0);
  };
  useCountdown(countdown, setCountdown, reset);

  const signIn = async () => {
    const { username, token } = credentials;
    setBusy(true);
    setError(null);
    try {
      await flush();
      const me = await publicApi.get(apiUrl('/api/time-tracking/{branch}/me', { branch }), {
        headers: terminalHeaders(deviceKey, username, token),
      });
      setSession({ username, token, state: me });
    } catch (err) {
      // no server to ask: take the entered name and code, the server checks them when the event arrives
      if (unreachable(err)) setSession({ username, token, state: null });
      else
        setError({
          message: errorMessage(err, SIGN_IN_FAILED),
          // a wrong code or a locked name answers the same again
          retry: isRetryable(err) && !(err instanceof ApiError && err.status === 429),
        });
    } finally {
      setBusy(false);
    }
  };

  const act = async (action: ClockAction) => {
    if (!session) return;
    const event: ClockEvent = {
      action,
      at: new Date().toISOString(),
      idempotencyKey: newKey(),
      username: session.username,
      token: session.token,
    };
    setBusy(true);
    setError(null);
    try {
      const next = await submit(event);
      // queued: what the server will make of it is not known yet
      setSession({ ...session, state: next });
      setConfirmation({ text: TT.confirmed[action], queued: next === null });
    } catch (err) {
      setError({ message: errorMessage(err, ACTION_FAILED[action]), retry: false });
    } finally {
      setBusy(false);
      setCountdown(RESET_SECONDS);
    }
  };

  return { credentials, setCredentials, session, error, confirmation, countdown, busy, signIn, act, reset, ...queue };
}

/**
 * The branch terminal on a shared tablet (`#/terminal/{branch}/{key}`, issue 19; the fragment never reaches a
 * server, and the calls carry the key in a header): username and personal code,
 * the state and the four actions in large buttons, a clear confirmation and back to the start after 10 seconds.
 * Without network the terminal still takes the employee: it cannot ask the server for their state (it says so),
 * offers the four actions and queues the event with its device time, key and the credentials; the server checks
 * the code when the event arrives, and an event it refuses then is listed here (services/time-tracking/README.md).
 */
export function TerminalPage() {
  const { branch = '', deviceKey = '' } = useParams();
  const terminal = useTerminal(branch, deviceKey);
  const { session, error, busy, pending, refused } = terminal;
  useEffect(() => {
    document.title = TT.terminalTitle;
  }, []);

  return (
    <main id="main" className="terminal">
      <h1>{TT.terminalTitle}</h1>
      {error && (
        <div className="terminal-error" role="alert">
          <p>{error.message}</p>
          {error.retry && (
            <button type="button" className="time-clock-button" disabled={busy} onClick={() => void terminal.signIn()}>
              {TT.retry}
            </button>
          )}
        </div>
      )}
      {!session ? (
        <TerminalLogin
          credentials={terminal.credentials}
          onChange={terminal.setCredentials}
          busy={busy}
          onSubmit={() => void terminal.signIn()}
        />
      ) : (
        <TerminalSession terminal={terminal} session={session} />
      )}
      {pending > 0 && (
        <p className="terminal-pending" role="status">
          {pending === 1 ? TT.pendingOne : format(TT.pendingMany, { count: pending })}
        </p>
      )}
      {refused.length > 0 && <RefusedList refused={refused} onDismiss={terminal.dismiss} />}
    </main>
  );
}

interface Credentials {
  username: string;
  token: string;
}

/**
 * Username and personal code. Not a contract form: the terminal's sign-in sends no body (the credentials go in the
 * headers of GET …/me and of each clock event), so the inputs stay controlled.
 */
function TerminalLogin({
  credentials,
  onChange,
  busy,
  onSubmit,
}: {
  credentials: Credentials;
  onChange: (next: Credentials) => void;
  busy: boolean;
  onSubmit: () => void;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="terminal-login" onSubmit={submit}>
      <label htmlFor="terminal-username">{TT.username}</label>
      <input
        id="terminal-username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={credentials.username}
        onChange={(e) => onChange({ ...credentials, username: e.target.value })}
        required
      />
      <label htmlFor="terminal-code">{TT.code}</label>
      <input
        id="terminal-code"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        value={credentials.token}
        onChange={(e) => onChange({ ...credentials, token: e.target.value })}
        required
      />
      <button type="submit" className="time-clock-button time-clock-primary" disabled={busy}>
        {TT.signIn}
      </button>
    </form>
  );
}

/** Who is signed in: the greeting, the four actions (the state unknown offline), the confirmation, sign out. */
function TerminalSession({ terminal, session }: { terminal: ReturnType<typeof useTerminal>; session: Session }) {
  const { confirmation, countdown, busy } = terminal;
  return (
    <div className="terminal-session">
      <p className="terminal-hello">
        {format(TT.hello, { username: session.state?.user.username ?? session.username })}
      </p>
      {session.state === null && !confirmation && <p className="terminal-offline">{TT.offlineSignIn}</p>}
      <ClockPanel
        state={session.state ?? undefined}
        unknown={session.state === null}
        busy={busy}
        onAction={(a) => void terminal.act(a)}
      />
      {confirmation && (
        <div className={`terminal-confirmation${confirmation.queued ? ' queued' : ''}`} role="status">
          <p className="terminal-confirmation-text">{confirmation.text}</p>
          {confirmation.queued && <p>{TT.queued}</p>}
          {countdown > 0 && <p>{format(TT.backToStart, { seconds: countdown })}</p>}
        </div>
      )}
      <button type="button" className="time-clock-button terminal-done" onClick={terminal.reset}>
        {TT.signOut}
      </button>
    </div>
  );
}

/** The queued events the server refused on arrival: visible on the tablet until dismissed one by one. */
function RefusedList({ refused, onDismiss }: { refused: RefusedEvent[]; onDismiss: (key: string) => void }) {
  return (
    <section className="terminal-refused" aria-labelledby="terminal-refused-title">
      <h2 id="terminal-refused-title">{TT.refusedTitle}</h2>
      <p>{TT.refusedIntro}</p>
      <ul>
        {refused.map((r) => (
          <li key={r.key}>
            <span>
              {format(TT.refusedItem, {
                username: r.username,
                action: TT.actionNames[r.action],
                date: formatDate(r.at, tabletZone()),
                time: formatTime(r.at, tabletZone()),
                reason: r.reason,
              })}
            </span>
            <button type="button" onClick={() => onDismiss(r.key)}>
              {TT.dismiss}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
