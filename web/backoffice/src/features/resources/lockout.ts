import { f, T } from '../../texts';

/** hh:mm of a timestamp, in the back office's locale */
export const clockTime = (at: string) =>
  new Date(at).toLocaleTimeString('de-AT', { hour: '2-digit', minute: '2-digit' });

/** the end of a user's running lockout after failed logins, if one runs */
export const runningLockout = (r: { lockedUntil?: unknown }): string | null =>
  typeof r.lockedUntil === 'string' && Date.parse(r.lockedUntil) > Date.now() ? r.lockedUntil : null;

/** 'Gesperrt': an administrator's lock, else a running lockout after failed logins with its end */
export const lockState = (r: { isLocked?: unknown; lockedUntil?: unknown }) => {
  const until = runningLockout(r);
  if (r.isLocked || !until) return r.isLocked ? T.app.yes : T.app.no;
  return f(T.users.lockedUntil, { time: clockTime(until) });
};
