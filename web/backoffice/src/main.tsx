import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { LoginPage } from './features/auth/LoginPage';
import { NoticeProvider } from './ui/notices';
import './styles.css';

/** /backend/login serves the same index.html: the login page; everything else is the hash-routed app. */
const isLogin = window.location.pathname.replace(/\/$/, '') === '/backend/login';

// eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- index.html has the #root element
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <NoticeProvider>{isLogin ? <LoginPage /> : <App />}</NoticeProvider>
  </StrictMode>,
);
