import { AccessTokenIssueInput, type AccessTokenView, type IssuedAccessToken } from '@shop/contracts';
import { formatDateTime, formatTime } from '@shop/domain';
import { format } from '@shop/i18n-de';
import { useState } from 'react';
import useSWR from 'swr';
import { api, apiUrl, errorMessage } from '../../api/client';
import { resourceFailure } from '../../texts';
import { useContractForm } from '../../ui/contract-form';
import { TableHead } from '../../ui/DataTable';
import { LoadFailed } from '../../ui/notices';
import { ErrorText, invalidProps } from '../resources/ErrorText';
import { TT } from './time-texts';
import { byId, Options } from '../../ui/Options';

/**
 * Issuing a code, on react-hook-form with the contract's AccessTokenIssueInput (useContractForm): the chosen user
 * with their username; the code the server answers is shown once, a failure above the form, the server's field
 * errors at the user field.
 */
function useIssueForm(users: Array<{ id: number; username: string }> | undefined, onIssued: () => void) {
  const [issued, setIssued] = useState<IssuedAccessToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { form, errors, onSubmit } = useContractForm(AccessTokenIssueInput, {
    defaultValues: { username: '' },
    send: async (values) => {
      const chosen = users?.find((u) => u.id === values.user);
      if (!chosen) return;
      setError(null);
      setIssued(await api.post('/api/time-tracking/access-tokens', { user: chosen.id, username: chosen.username }));
      onIssued();
    },
    failed: (err) => setError(errorMessage(err, resourceFailure('users', 'update'))),
  });
  const user = form.register('user', {
    valueAsNumber: true,
    onChange: (e: { target: { value: string } }) =>
      form.setValue('username', users?.find((u) => String(u.id) === e.target.value)?.username ?? ''),
  });
  return { user, userError: errors.user, onSubmit, issued, error, setError };
}

/**
 * Personal access tokens for the branch terminals (administrators, issue 19): issue a code for a user (shown once),
 * see who has one, revoke it.
 */
export default function AccessTokensPage() {
  const tokens = useSWR('/api/time-tracking/access-tokens', (url: '/api/time-tracking/access-tokens') => api.get(url));
  const users = useSWR('/api/users', (url: '/api/users') => api.get(url));
  const { user, userError, onSubmit, issued, error, setError } = useIssueForm(users.data, () => void tokens.mutate());

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
      <form className="filters" onSubmit={(e) => void onSubmit(e)}>
        <label htmlFor="token-user">{TT.user}</label>
        <select id="token-user" required {...invalidProps('token-user', userError)} {...user}>
          <option value="" />
          <Options choices={byId(users.data, (u) => u.username)} />
        </select>
        <button type="submit">{TT.issue}</button>
        <ErrorText id="token-user" message={userError} />
      </form>
      {issued && (
        <p className="issued-token" role="status">
          {format(TT.issued, { username: issued.username, token: issued.token })}
        </p>
      )}
      <LoadFailed load={tokens} message={resourceFailure('users', 'load')} />
      <TokenTable tokens={tokens.data ?? []} onRevoke={(id) => void revoke(id)} />
    </section>
  );
}

/** Who has a code: its state (active, locked until, revoked on) and a revoke for a code not revoked yet. */
function TokenTable({ tokens, onRevoke }: { tokens: AccessTokenView[]; onRevoke: (id: number) => void }) {
  return (
    <table>
      <TableHead headings={[TT.username, TT.state, <span className="visually-hidden">{TT.revoke}</span>]} />
      <tbody>
        {tokens.map((tk) => (
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
                <button type="button" onClick={() => onRevoke(tk.id)}>
                  {TT.revoke}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
