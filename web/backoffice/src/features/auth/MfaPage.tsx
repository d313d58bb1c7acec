import { MfaDisableInput, MfaEnableInput } from '@shop/contracts';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { api, ApiError } from '../../api/client';
import { f, T } from '../../texts';
import { useContractForm } from '../../ui/contract-form';
import { LabelledInput, PasswordInput } from './LabelledInput';

type Setup = { secret: string; qrCode: string };
/** the page's one message: the server's German answer to a failed step, or the confirmation of disabling */
type Say = (message: string | null) => void;
const failed = (say: Say) => (err: unknown) =>
  say(err instanceof ApiError ? err.messageOr(T.mfa.failed) : T.mfa.failed);

/** The 10 recovery codes, shown once after enrolment. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
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
  );
}

/** Enrolment's second step: the QR code and key, then the app's first code (MfaEnableInput). */
function EnableForm({ setup, say, onEnabled }: { setup: Setup; say: Say; onEnabled: (codes: string[]) => unknown }) {
  const { form, onSubmit } = useContractForm(MfaEnableInput, {
    defaultValues: { code: '' },
    send: async ({ code }) => {
      say(null);
      const res = await api.post('/api/users/me/mfa/enable', { code: code.trim() });
      await onEnabled(res.recoveryCodes);
    },
    failed: failed(say),
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)}>
      <p>{T.mfa.scan}</p>
      <img src={setup.qrCode} alt={T.mfa.qrAlt} width={200} height={200} />
      <p>
        {T.mfa.secret}: <code>{setup.secret}</code>
      </p>
      <LabelledInput
        id="mfa-code"
        label={T.mfa.code}
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        {...form.register('code')}
      />
      <button type="submit">{T.mfa.enable}</button>
    </form>
  );
}

/** Disabling two-factor login: the password and a code (MfaDisableInput). */
function DisableForm({ say, onDisabled }: { say: Say; onDisabled: (status: unknown) => unknown }) {
  const { form, onSubmit } = useContractForm(MfaDisableInput, {
    defaultValues: { password: '', code: '' },
    send: async ({ password, code }) => {
      say(null);
      await onDisabled(await api.post('/api/users/me/mfa/disable', { password, code: code.trim() }));
      form.reset({ password: '', code: '' });
      say(T.mfa.disabled);
    },
    failed: failed(say),
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-labelledby="disable-title">
      <h2 id="disable-title">{T.mfa.disableTitle}</h2>
      <PasswordInput id="mfa-password" label={T.mfa.password} {...form.register('password')} />
      <LabelledInput id="mfa-code" label={T.mfa.disableCode} required {...form.register('code')} />
      <button type="submit">{T.mfa.disable}</button>
    </form>
  );
}

/**
 * /backend#/mfa: the staff member's own two-factor login (issue 15, item 8). Enrolment: start → QR code and key
 * → first code → the 10 recovery codes, shown once. Disabling asks for the password and a code. Outside the
 * staff layout: an administrator who must enrol first can reach nothing else yet.
 */
export function MfaPage() {
  const { data: status, mutate } = useSWR('/api/users/me/mfa', (url: '/api/users/me/mfa') => api.get(url));
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    document.title = `${T.mfa.title} – ${T.app.title}`;
  }, []);

  const start = async () => {
    setMessage(null);
    try {
      setSetup(await api.post('/api/users/me/mfa/setup'));
    } catch (err) {
      failed(setMessage)(err);
    }
  };
  const enabled = async (recoveryCodes: string[]) => {
    setCodes(recoveryCodes);
    setSetup(null);
    await mutate();
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
        <RecoveryCodes codes={codes} />
      ) : status?.enabled ? (
        <>
          <p>{f(T.mfa.enabled, { count: String(status.recoveryCodesLeft) })}</p>
          {!status.required && (
            <DisableForm say={setMessage} onDisabled={(s) => mutate(s as typeof status, { revalidate: false })} />
          )}
        </>
      ) : setup ? (
        <EnableForm setup={setup} say={setMessage} onEnabled={enabled} />
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
