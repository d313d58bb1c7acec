import { PARALLAX_PX, SCROLL_ANIMATION_CHECK_MS, SCROLL_ANIMATION_VISIBLE_RATIO } from '@shop/domain';

/**
 * §2.2 "Scroll animation marks elements as future, past or visible (visible at 1 percent or more overlap);
 * parallax shifts 30 px scaled by speed, upward by default." §9 "Scroll animation check every 500 ms.
 * Parallax 30 px."
 *
 * Elements opt in with attributes, so any page can use it without code:
 * - `data-animate`: gets `data-scroll="future" | "visible" | "past"` (an attribute React does not manage, so a
 *   re-render never clears it); the stylesheet moves future elements and lets them glide in;
 * - `data-parallax="<speed>"` (default 1) and optionally `data-parallax-direction="down"`: shifted by up to
 *   30 px × speed while it crosses the viewport (none with prefers-reduced-motion).
 * Loaded after the first render as its own chunk.
 */
export type ScrollState = 'future' | 'visible' | 'past';

/** Where an element (its top and bottom relative to the viewport) stands. */
export function scrollState(top: number, bottom: number, viewportHeight: number): ScrollState {
  const height = Math.max(bottom - top, 0);
  const overlap = Math.min(bottom, viewportHeight) - Math.max(top, 0);
  const visible = height > 0 ? overlap / height >= SCROLL_ANIMATION_VISIBLE_RATIO : top >= 0 && top <= viewportHeight;
  if (visible) return 'visible';
  return bottom > viewportHeight ? 'future' : 'past';
}

/**
 * The parallax shift in px: 0 when the element's centre is at the viewport's centre, ±30 × speed when it
 * enters or leaves. Upward by default: the element moves up a little faster than the page.
 */
export function parallaxOffset(
  top: number,
  height: number,
  viewportHeight: number,
  speed = 1,
  direction: 'up' | 'down' = 'up',
): number {
  const progress = (top + height / 2 - viewportHeight / 2) / ((viewportHeight + height) / 2);
  const offset = Math.max(-1, Math.min(1, progress)) * PARALLAX_PX * speed;
  return (direction === 'down' ? -offset : offset) || 0;
}

function mark(): void {
  const vh = window.innerHeight;
  for (const el of document.querySelectorAll<HTMLElement>('[data-animate]')) {
    const rect = el.getBoundingClientRect();
    const state = scrollState(rect.top, rect.bottom, vh);
    if (el.dataset.scroll !== state) el.dataset.scroll = state;
  }
}

function shift(): void {
  const vh = window.innerHeight;
  for (const el of document.querySelectorAll<HTMLElement>('[data-parallax]')) {
    // measure without the current shift, so the offset does not feed back into itself
    const rect = el.getBoundingClientRect();
    const current = Number(el.dataset.parallaxShift ?? 0);
    const speed = Number(el.dataset.parallax) || 1;
    const offset =
      Math.round(
        parallaxOffset(
          rect.top - current,
          rect.height,
          vh,
          speed,
          el.dataset.parallaxDirection === 'down' ? 'down' : 'up',
        ) * 10,
      ) / 10;
    if (offset === current) continue;
    el.dataset.parallaxShift = String(offset);
    el.style.transform = `translate3d(0, ${offset}px, 0)`;
  }
}

/** Starts both effects; returns the stop function. */
export function startScrollEffects(): () => void {
  const parallax = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  let frame = 0;
  const tick = () => {
    mark();
    if (parallax) shift();
  };
  // also on the frame after a scroll: an element scrolled into view glides in at once, not up to 500 ms
  // later under the finger that is about to tap one of its buttons
  const onScroll = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      tick();
    });
  };
  tick();
  const timer = setInterval(tick, SCROLL_ANIMATION_CHECK_MS);
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    clearInterval(timer);
    window.removeEventListener('scroll', onScroll);
    if (frame) cancelAnimationFrame(frame);
  };
}
