import { Body } from '@shop/web-shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { afterLoad } from '../app/after-load';

/** How many body blocks render with the page; the first screen of every page type shows no more than these. */
export const EAGER_BLOCKS = 2;

/**
 * The body blocks in order (the shared renderers of @shop/web-shared, one Body per block): the first ones with the
 * page, each further one when it comes near the viewport or, at the latest, once the page has loaded, one per idle
 * period. So the first paint renders (and loads the code of) what is on the first screen only, and no block below
 * the fold adds to the start-up task. A link with a hash renders every block at once (its target may be any block).
 */
export function PageBody({ blocks }: { blocks: unknown }) {
  const { hash } = useLocation();
  if (!Array.isArray(blocks) || hash) return <Body blocks={blocks} />;
  return (
    <>
      {blocks.map((block: unknown, i) =>
        i < EAGER_BLOCKS ? (
          <Body key={i} blocks={[block]} />
        ) : (
          <Deferred key={i}>
            <Body blocks={[block]} />
          </Deferred>
        ),
      )}
    </>
  );
}

function Deferred({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) return;
    const cancel = afterLoad(() => setShown(true));
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') return cancel;
    // one screen ahead: the block is drawn before it scrolls in
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setShown(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => {
      cancel();
      observer.disconnect();
    };
  }, [shown]);
  if (shown) return <>{children}</>;
  // the same placeholder as a renderer still loading (tests wait for .blocks-loading to go)
  return <div ref={ref} className="blocks-loading" aria-busy="true" />;
}
