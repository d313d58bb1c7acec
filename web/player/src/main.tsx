import type { PlayerCredentials } from '@shop/contracts';
import { StrictMode, useCallback, useEffect, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { devicePage, forgetCredentials, loadCredentials, saveCredentials } from './credentials';
import { Player } from './Player';
import { StreamPreview } from './StreamPreview';
import { TEXTS } from './texts';
import './styles.css';

function SignIn({ onSignIn, failed }: { onSignIn: (c: PlayerCredentials) => void; failed: boolean }) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    onSignIn({ identifier: String(form.get('identifier') ?? '').trim(), key: String(form.get('key') ?? '').trim() });
  };
  return (
    <form className="sign-in" onSubmit={submit}>
      <h1>{TEXTS.setupTitle}</h1>
      {failed && <p role="alert">{TEXTS.signInFailed}</p>}
      <label>
        {TEXTS.identifier}
        <input name="identifier" required autoComplete="off" />
      </label>
      <label>
        {TEXTS.key}
        <input name="key" type="password" required autoComplete="off" />
      </label>
      <button type="submit">{TEXTS.signIn}</button>
    </form>
  );
}

function App() {
  const [creds, setCreds] = useState(loadCredentials);
  const [failed, setFailed] = useState(false);
  const unauthorized = useCallback(() => {
    forgetCredentials();
    setCreds(null);
    setFailed(true);
  }, []);
  // the page of this TV (`?device=`): the gateway lists its web segments' origins in the page's CSP frame-src and
  // its videos' hosts in media-src
  const page = creds ? devicePage(creds.identifier) : null;
  useEffect(() => {
    if (page) window.location.replace(page);
  }, [page]);
  if (page) return null;
  if (!creds)
    return (
      <SignIn
        failed={failed}
        onSignIn={(c) => {
          saveCredentials(c);
          setCreds(c);
        }}
      />
    );
  return <Player creds={creds} onUnauthorized={unauthorized} />;
}

/** the back office's preview of a stream (no device, no cache) */
const previewStream = Number(new URLSearchParams(window.location.search).get('preview-stream')) || null;

// the service worker keeps the player, its schedule and its media for playing without network
if (!previewStream && 'serviceWorker' in navigator)
  void navigator.serviceWorker.register('/player/service-worker.js', { scope: '/player/' }).catch(() => undefined);

// eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- index.html has the #root element
createRoot(document.getElementById('root')!).render(
  <StrictMode>{previewStream ? <StreamPreview id={previewStream} /> : <App />}</StrictMode>,
);
