import { preloadRenderers } from '@shop/web-shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { inlinedHomeBlocks } from './api/data';
import { App } from './app/App';
import { EAGER_BLOCKS } from './pages/PageBody';
import './styles.css';

/** The longest the first render waits for the first blocks' renderers (their chunks are preloaded with the page). */
const FIRST_BLOCKS_WAIT_MS = 1000;

function render() {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- index.html has the #root element
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}

// A visitor's page names the renderer chunks of its first blocks as modulepreloads (the gateway's presenterHead):
// on a home page, with them loaded first, the first render shows those blocks (the hero: the largest paint)
// instead of a fallback that React reveals up to 300 ms later. A chunk that fails or is slow delays the render by
// FIRST_BLOCKS_WAIT_MS at most.
const blocks = inlinedHomeBlocks(window.location.pathname);
if (blocks === undefined) render();
else
  void Promise.race([
    preloadRenderers(blocks, EAGER_BLOCKS).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_BLOCKS_WAIT_MS)),
  ]).then(render);
