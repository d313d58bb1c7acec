import type { IssuedAccessToken } from '@shop/contracts';
import { formatDateTime, formatTime } from '@shop/domain';
import { format } from '@shop/i18n-de';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { api, apiUrl, errorMessage } from '../../api/client';
import { resourceFailure } from '../../texts';
import { LoadError } from '../../ui/notices';
import { TT } from './time-texts';

/**
 * Personal access tokens for the branch terminals (administrators, issue 19): issue a code for a user (shown once),
 * see who has one, revoke it.
 */
export default function AccessTokensPage() {
  const tokens = useSWR('/api/time-tracking/access-tokens', (url: '/api/time-tracking/access-tokens') => api.get(url));
  const users = useSWR('/api/users', (url: '/api/users') => api.get(url));
  const [user, setUser] = useState('');
  const [issued, setIssued] = useState<IssuedAccessToken | null>(null);
  const [error, setError] = useState<string | null>(null);

  const issue = async (e: FormEvent) => {
    e.preventDefault();
    const chosen = users.data?.find((u) => String(u.id) === user);
    if (!chosen) return;
    setError(null);
    try {
      setIssued(await api.post('/api/time-tracking/access-tokens', { user: chosen.id, username: chosen.username }));
      void tokens.mutate();
    } catch (err) {
      setError(errorMessage(err, resourceFailure('users', 'update')));
    }
  };
  const revoke = async (id: number) => {
    setError(null);
    try {
      await api.post(apiUrl('/api/time-tracking/access-tokens/{id}/revoke', { id }));
      void tokens.mutate();
    } catch (err) {
      setError(errorMessage(err, resourceFailure('users', 'update')));
    }
  };

  return (
    <section>
      <h1>{TT.accessTokens}</h1>
      {error && (
        <p className="load-error" role="alert">
          {error}
        </p>
      )}
      <form className="filters" onSubmit={(e) => void issue(e)}>
        <label htmlFor="token-user">{TT.user}</label>
        <select id="token-user" value={user} onChange={(e) => setUser(e.target.value)} required>
          <option value="" />
          {(users.data ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.username}
            </option>
          ))}
        </select>
        <button type="submit">{TT.issue}</button>
      </form>
      {issued && (
        <p className="issued-token" role="status">
          {format(TT.issued, { username: issued.username, token: issued.token })}
        </p>
      )}
      {tokens.error && (
        <LoadError message={resourceFailure('users', 'load')} retry={() => tokens.mutate()} error={tokens.error} />
      )}
      <table>
        <thead>
          <tr>
            <th scope="col">{TT.username}</th>
            <th scope="col">{TT.state}</th>
            <th scope="col">
              <span className="visually-hidden">{TT.revoke}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(tokens.data ?? []).map((tk) => (
            <tr key={tk.id}>
              <td>{tk.username}</td>
              <td>
                {tk.revokedAt
                  ? format(TT.revoked, { date: formatDateTime(tk.revokedAt) })
                  : tk.lockedUntil
                    ? format(TT.locked, { time: formatTime(tk.lockedUntil) })
                    : TT.active}
              </td>
              <td>
                {!tk.revokedAt && (
                  <button type="button" onClick={() => void revoke(tk.id)}>
                    {TT.revoke}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
