import { preloadRenderers } from '@shop/web-shared';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { inlinedHomeBlocks } from './api/data';
import { App } from './app/App';
import { EAGER_BLOCKS } from './pages/PageBody';
import './styles.css';

/** The longest the first render waits for the first blocks' renderers (their chunks are preloaded with the page). */
const FIRST_BLOCKS_WAIT_MS = 1000;

// eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- index.html has the #root element
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// A visitor's page arrives rendered by the gateway (src/entry-server.tsx, with the batch the page carries): React
// takes it over as it is; a block whose renderer is still loading keeps the server's markup until it is there.
// Staff and draft previews fetch their data and render here. A home page without the server's markup names the
// renderer chunks of its first blocks as modulepreloads (the gateway's presenterHead): with them loaded first, the
// first render shows those blocks (the hero: the largest paint) instead of a fallback that React reveals up to
// 300 ms later. A chunk that fails or is slow delays the render by FIRST_BLOCKS_WAIT_MS at most.
const blocks = inlinedHomeBlocks(window.location.pathname);
// in a transition: React yields to the browser between components instead of hydrating in one long task
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else if (blocks === undefined) createRoot(root).render(app);
else
  void Promise.race([
    preloadRenderers(blocks, EAGER_BLOCKS).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_BLOCKS_WAIT_MS)),
  ]).then(() => createRoot(root).render(app));
