import { useState } from 'react';
import { ApiError, setCsrfToken } from '../../api/client';
import { t, T } from '../../texts';
import { solveLoginChallenge } from './login-challenge';

/** Where a successful login goes: the page the user wanted (kept in ?next=#/…) or the order board. */
export function target(): string {
  const next = new URLSearchParams(window.location.search).get('next');
  return '/backend' + (next && next.startsWith('#/') ? next : '#/orders');
}

/** A 401 whose session was gone sends the browser here with ?reason=session: the page says why (§8 'no session'). */
function initialMessage(): string | null {
  return new URLSearchParams(window.location.search).get('reason') === 'session' ? t('auth.noSession') : null;
}

/** The one-time login link carries its token in the fragment (#/link/<token>), which no server ever sees. */
export function linkToken(): string | null {
  const m = /^#\/link\/([A-Za-z0-9_-]{20,200})$/.exec(window.location.hash);
  return m ? m[1] : null;
}

type StaffLogin = { csrfToken: string; mfaSetupRequired?: boolean };

/**
 * A login (password or link): the gateway's proof-of-work solved when it asks for one, then on to the back office
 * (an administrator who must enrol in two-factor login to its screen first); the server's German answer otherwise.
 */
export function useLogin() {
  const [error, setError] = useState<string | null>(initialMessage);
  const [busy, setBusy] = useState(false);
  /** the proof-of-work the gateway asked for is being solved */
  const [solving, setSolving] = useState(false);
  /** a login link asked for once the server wants the second factor (MFA_REQUIRED) */
  const [linkNeedsCode, setLinkNeedsCode] = useState(false);

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
      window.location.assign(res.mfaSetupRequired ? '/backend#/mfa' : target());
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'MFA_REQUIRED' || err.code === 'MFA_INVALID'))
        setLinkNeedsCode(true);
      setError(err instanceof ApiError ? err.messageOr(T.login.failed) : T.login.failed);
      setBusy(false);
    }
  }
  return { error, busy, solving, linkNeedsCode, submit };
}
