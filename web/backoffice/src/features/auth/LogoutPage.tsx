import { useState } from 'react';
import { ApiError, api, LOGIN_PATH } from '../../api/client';
import { T } from '../../texts';
import { useNotices } from '../../ui/notices';

/**
 * Ends the staff session: POST /backend/logout with the session's CSRF token (issue 37 item 5: a GET, i.e. any
 * link on any site, ends nothing), then the login page. A session already gone leads there too (the client's 401).
 */
export function LogoutButton({ label, className }: { label: string; className: string }) {
  const notices = useNotices();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    try {
      await api.post('/backend/logout');
      window.location.assign(LOGIN_PATH);
    } catch (err) {
      // a 401 (the session was gone already) is on its way to the login page
      if (err instanceof ApiError && err.status === 401) return;
      notices.error(T.app.logoutFailed, () => logout(), err);
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} disabled={busy} onClick={() => void logout()}>
      {label}
    </button>
  );
}

/**
 * /backend#/logout, where GET /backend/logout leads (the staff toolbar's link, a bookmark): it asks, because a
 * link alone must not end a session.
 */
export function LogoutPage() {
  return (
    <section aria-labelledby="logout-title">
      <h1 id="logout-title">{T.app.logout}</h1>
      <p>{T.app.logoutQuestion}</p>
      <LogoutButton label={T.app.logoutNow} className="primary" />
    </section>
  );
}
