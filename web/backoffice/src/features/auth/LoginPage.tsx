import { LoginInput, LoginLinkInput } from '@shop/contracts';
import { useEffect, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { publicApi } from '../../api/client';
import { T } from '../../texts';
import { useContractForm } from '../../ui/contract-form';
import { LabelledInput, PasswordInput } from './LabelledInput';
import { linkToken, target, useLogin } from './use-login';

type Login = ReturnType<typeof useLogin>;
/** the code when one is given, trimmed; none otherwise */
const withCode = (code?: string) => (code?.trim() ? { code: code.trim() } : {});
/** a login reports its own failure (the server's German answer above the form) */
const reported = () => undefined;

/** The second factor: optional on the password form; required on a login link once the server wants it. */
function CodeField({ required, field }: { required: boolean; field: UseFormRegisterReturn }) {
  return (
    <>
      <LabelledInput
        id="code"
        label={T.login.code}
        autoComplete="one-time-code"
        inputMode="text"
        required={required}
        autoFocus={required}
        aria-describedby={required ? undefined : 'code-hint'}
        {...field}
      />
      {!required && (
        <p id="code-hint" className="help">
          {T.login.codeHint}
        </p>
      )}
    </>
  );
}

/** Username, password and the optional code, checked with the contract's LoginInput (useContractForm). */
function PasswordLogin({ login }: { login: Login }) {
  const { form, onSubmit } = useContractForm(LoginInput, {
    defaultValues: { username: '', password: '', code: '' },
    send: ({ username, password, code }) =>
      login.submit((altcha) =>
        publicApi.post(
          '/backend/login',
          { username, password, ...withCode(code) },
          altcha ? { headers: { 'X-Altcha': altcha } } : undefined,
        ),
      ),
    failed: reported,
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} method="post" action="/backend/login">
      <LabelledInput
        id="username"
        label={T.login.username}
        autoComplete="username"
        required
        {...form.register('username')}
      />
      <PasswordInput id="password" label={T.login.password} {...form.register('password')} />
      <CodeField required={false} field={form.register('code')} />
      <button type="submit" disabled={login.busy}>
        {login.busy ? T.login.submitting : T.login.submit}
      </button>
    </form>
  );
}

/** A one-time login link: tried at once; asked again with the code when the server wants one (LoginLinkInput). */
function LinkLogin({ token, login }: { token: string; login: Login }) {
  const { form, onSubmit } = useContractForm(LoginLinkInput, {
    defaultValues: { token, code: '' },
    send: ({ code }) => login.submit(() => publicApi.post('/backend/login-link', { token, ...withCode(code) })),
    failed: reported,
  });
  return (
    <section aria-labelledby="link-title">
      <h2 id="link-title">{T.login.linkTitle}</h2>
      <p>{T.login.linkText}</p>
      {login.linkNeedsCode && <CodeField required field={form.register('code')} />}
      <button type="button" disabled={login.busy} onClick={() => void onSubmit()}>
        {T.login.linkSubmit}
      </button>
    </section>
  );
}

/**
 * /backend/login (backoffice-platform.md §2, §8): password login and one-time login links. The server's
 * German answers are shown as they come (invalid credentials, disabled, expired, locked, too many attempts
 * 'in N Minuten', invalid or expired login link). The code of two-factor login is a field of the form for
 * everyone: the server answers a missing code like a wrong password (issue 37 item 3), so it cannot ask.
 */
export function LoginPage() {
  const login = useLogin();
  const token = linkToken();
  const started = useRef(false);

  useEffect(() => {
    document.title = `${T.login.title} – ${T.app.title}`;
    if (token && !started.current) {
      started.current = true;
      void login.submit(() => publicApi.post('/backend/login-link', { token }));
    } else if (!token) {
      // already logged in (a bookmark, the back button): straight to the back office
      publicApi.get('/api/users/me').then(
        () => window.location.assign(target()),
        () => undefined,
      );
    }
    // once per address: the link is tried once (started), whatever the login's state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  return (
    <main className="login" id="main">
      <h1>{T.login.title}</h1>
      {login.error && (
        <p className="form-error" role="alert">
          {login.error}
        </p>
      )}
      {login.solving && <p role="status">{T.login.challenge}</p>}
      {token ? <LinkLogin token={token} login={login} /> : <PasswordLogin login={login} />}
    </main>
  );
}
