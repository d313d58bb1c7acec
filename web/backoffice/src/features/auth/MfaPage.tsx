import { useEffect, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { api, ApiError } from '../../api/client';
import { f, T } from '../../texts';

/**
 * /backend#/mfa: the staff member's own two-factor login (issue 15, item 8). Enrolment: start → QR code and key
 * → first code → the 10 recovery codes, shown once. Disabling asks for the password and a code. Outside the
 * staff layout: an administrator who must enrol first can reach nothing else yet.
 */
export function MfaPage() {
  const { data: status, mutate } = useSWR('/api/users/me/mfa', (url: '/api/users/me/mfa') => api.get(url));
  const [setup, setSetup] = useState<{ secret: string; qrCode: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    document.title = `${T.mfa.title} – ${T.app.title}`;
  }, []);

  const run = async (action: () => Promise<void>) => {
    setMessage(null);
    try {
      await action();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.messageOr(T.mfa.failed) : T.mfa.failed);
    }
  };
  const start = () => run(async () => setSetup(await api.post('/api/users/me/mfa/setup')));
  const enable = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await api.post('/api/users/me/mfa/enable', { code: code.trim() });
      setCodes(res.recoveryCodes);
      setSetup(null);
      setCode('');
      await mutate();
    });
  };
  const disable = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await mutate(await api.post('/api/users/me/mfa/disable', { password, code: code.trim() }), { revalidate: false });
      setPassword('');
      setCode('');
      setMessage(T.mfa.disabled);
    });
  };

  return (
    <main id="main" className="mfa-page">
      <h1>{T.mfa.title}</h1>
      <p>{T.mfa.intro}</p>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      {status?.required && !status.enabled && <p>{T.mfa.required}</p>}
      {codes ? (
        <section aria-labelledby="recovery-title">
          <h2 id="recovery-title">{T.mfa.recoveryTitle}</h2>
          <p>{T.mfa.recoveryText}</p>
          <ul className="recovery-codes">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <a href="/backend#/orders">{T.mfa.done}</a>
        </section>
      ) : status?.enabled ? (
        <>
          <p>{f(T.mfa.enabled, { count: String(status.recoveryCodesLeft) })}</p>
          {!status.required && (
            <form onSubmit={disable} aria-labelledby="disable-title">
              <h2 id="disable-title">{T.mfa.disableTitle}</h2>
              <label htmlFor="mfa-password">{T.mfa.password}</label>
              <input
                id="mfa-password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <label htmlFor="mfa-code">{T.mfa.disableCode}</label>
              <input id="mfa-code" required value={code} onChange={(e) => setCode(e.target.value)} />
              <button type="submit">{T.mfa.disable}</button>
            </form>
          )}
        </>
      ) : setup ? (
        <form onSubmit={enable}>
          <p>{T.mfa.scan}</p>
          <img src={setup.qrCode} alt={T.mfa.qrAlt} width={200} height={200} />
          <p>
            {T.mfa.secret}: <code>{setup.secret}</code>
          </p>
          <label htmlFor="mfa-code">{T.mfa.code}</label>
          <input
            id="mfa-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit">{T.mfa.enable}</button>
        </form>
      ) : (
        status && (
          <button type="button" onClick={() => void start()}>
            {T.mfa.start}
          </button>
        )
      )}
      {/* the page stands outside the staff layout: the way back, unless the user must enrol first */}
      {!codes && status && (status.enabled || !status.required) && (
        <p>
          <a href="/backend#/orders">{T.mfa.done}</a>
        </p>
      )}
    </main>
  );
}
