import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, publicApi, setCsrfToken } from '../../api/client';
import { t, T } from '../../texts';
import { solveLoginChallenge } from './login-challenge';

/** Where a successful login goes: the page the user wanted (kept in ?next=#/…) or the order board. */
function target(): string {
  const next = new URLSearchParams(window.location.search).get('next');
  return '/backend' + (next && next.startsWith('#/') ? next : '#/orders');
}

/** A 401 whose session was gone sends the browser here with ?reason=session: the page says why (§8 'no session'). */
function initialMessage(): string | null {
  return new URLSearchParams(window.location.search).get('reason') === 'session' ? t('auth.noSession') : null;
}

/** The one-time login link carries its token in the fragment (#/link/<token>), which no server ever sees. */
function linkToken(): string | null {
  const m = /^#\/link\/([A-Za-z0-9_-]{20,200})$/.exec(window.location.hash);
  return m ? m[1] : null;
}

type StaffLogin = { csrfToken: string; mfaSetupRequired?: boolean };

/**
 * /backend/login (backoffice-platform.md §2, §8): password login and one-time login links. The server's
 * German answers are shown as they come (invalid credentials, disabled, expired, locked, too many attempts
 * 'in N Minuten', invalid or expired login link). The code of two-factor login is a field of the form for
 * everyone: the server answers a missing code like a wrong password (issue 37 item 3), so it cannot ask.
 */
export function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  /** the second factor: optional on the form; on a login link asked for once the server wants it (MFA_REQUIRED) */
  const [code, setCode] = useState('');
  const [linkNeedsCode, setLinkNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(initialMessage);
  const [busy, setBusy] = useState(false);
  /** the proof-of-work the gateway asked for is being solved */
  const [solving, setSolving] = useState(false);
  const token = linkToken();
  const started = useRef(false);

  async function submit(login: (altcha?: string) => Promise<StaffLogin>) {
    setBusy(true);
    setError(null);
    try {
      let res: StaffLogin;
      try {
        res = await login();
      } catch (err) {
        // many failed logins for this username lately: the gateway wants a solved proof-of-work first (done here)
        if (!(err instanceof ApiError && err.code === 'CHALLENGE_REQUIRED')) throw err;
        setSolving(true);
        const solution = await solveLoginChallenge().finally(() => setSolving(false));
        if (!solution) throw err;
        res = await login(solution);
      }
      setCsrfToken(res.csrfToken);
      // an administrator who must enrol in two-factor login goes to its screen first
      window.location.assign(res.mfaSetupRequired ? '/backend#/mfa' : target());
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'MFA_REQUIRED' || err.code === 'MFA_INVALID'))
        setLinkNeedsCode(true);
      setError(err instanceof ApiError ? err.messageOr(T.login.failed) : T.login.failed);
      setBusy(false);
    }
  }
  const withCode = code.trim() ? { code: code.trim() } : {};
  const codeField = (required: boolean) => (
    <>
      <label htmlFor="code">{T.login.code}</label>
      <input
        id="code"
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        required={required}
        autoFocus={required}
        aria-describedby={required ? undefined : 'code-hint'}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      {!required && (
        <p id="code-hint" className="help">
          {T.login.codeHint}
        </p>
      )}
    </>
  );

  useEffect(() => {
    document.title = `${T.login.title} – ${T.app.title}`;
    if (token && !started.current) {
      started.current = true;
      void submit(() => publicApi.post('/backend/login-link', { token }));
    } else if (!token) {
      // already logged in (a bookmark, the back button): straight to the back office
      publicApi.get('/api/users/me').then(
        () => window.location.assign(target()),
        () => undefined,
      );
    }
  }, [token]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit((altcha) =>
      publicApi.post(
        '/backend/login',
        { username, password, ...withCode },
        altcha ? { headers: { 'X-Altcha': altcha } } : undefined,
      ),
    );
  };

  return (
    <main className="login" id="main">
      <h1>{T.login.title}</h1>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {solving && <p role="status">{T.login.challenge}</p>}
      {token ? (
        <section aria-labelledby="link-title">
          <h2 id="link-title">{T.login.linkTitle}</h2>
          <p>{T.login.linkText}</p>
          {linkNeedsCode && codeField(true)}
          <button
            type="button"
            disabled={busy}
            onClick={() => void submit(() => publicApi.post('/backend/login-link', { token, ...withCode }))}
          >
            {T.login.linkSubmit}
          </button>
        </section>
      ) : (
        <form onSubmit={onSubmit} method="post" action="/backend/login">
          <label htmlFor="username">{T.login.username}</label>
          <input
            id="username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <label htmlFor="password">{T.login.password}</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {codeField(false)}
          <button type="submit" disabled={busy}>
            {busy ? T.login.submitting : T.login.submit}
          </button>
        </form>
      )}
    </main>
  );
}
