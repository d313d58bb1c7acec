import { CATEGORY_BAR_CURRENT_RATIO } from '@shop/domain';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Category } from '@shop/contracts';
import { s } from './texts';

/** Which ends of the bar hide links: a fade (and on a desktop an arrow) shows there is more. */
interface Edges {
  start: boolean;
  end: boolean;
}

/** rounding of fractional scroll positions (zoom, high-DPI screens) */
const EDGE_TOLERANCE = 2;

/**
 * §2.5 "Optional category bar (plugin flag): highlights the current category on scroll, scrolls to a
 * category on click … A group is current when its top is above 25 percent of the viewport height."
 * The current category follows an IntersectionObserver (no layout read per scrolled frame); a bar wider than its
 * place fades out at the end that hides links, with an arrow for a mouse (issue 43: it was cut at 'Bu…').
 */
export function CategoryBar({
  categories,
  shownGroups,
  showAll,
}: {
  categories: Category[];
  /** how many groups the page has rendered so far (they come in steps): each new one is observed */
  shownGroups: number;
  showAll: () => void;
}) {
  // a click marks its category at once; the observer's next verdict (the jump's) takes over again
  const [current, setCurrent] = useScrollSpy(categories, shownGroups);
  const list = useRef<HTMLUListElement>(null);
  const edges = useEdges(list, categories.length);
  // a pointer pressed on the bar: the page may still be scrolling under it (a wheel's or a finger's glide, or the
  // browser bringing the pressed link into view), and re-centring then moved another link under the pointer before
  // it was released, so the click chose that one (seen in fresh-clone CI): the bar waits until the pointer is up
  const pressed = useRef(false);
  const centre = () => {
    // centre the current link by scrolling the bar alone: scrollIntoView would also move the page
    const scroller = list.current;
    const link = scroller?.querySelector<HTMLElement>('[aria-current="true"]');
    if (scroller && link && !pressed.current)
      scroller.scrollTo?.({ left: link.offsetLeft - (scroller.clientWidth - link.offsetWidth) / 2 });
  };
  useEffect(centre, [current]);
  const press = () => {
    pressed.current = true;
    // released anywhere (a mouse may leave the bar before its button comes up)
    const released = new AbortController();
    const release = () => {
      released.abort();
      pressed.current = false;
      // after the click that follows the release, which chose its link where the pointer was
      setTimeout(centre);
    };
    for (const type of ['pointerup', 'pointercancel'])
      window.addEventListener(type, release, { signal: released.signal });
  };
  // the arrows: most of a bar's width on, as a reader turns a page
  const page = (direction: 1 | -1) => {
    const scroller = list.current;
    scroller?.scrollBy?.({ left: direction * scroller.clientWidth * 0.8, behavior: 'smooth' });
  };
  if (categories.length === 0) return null;
  return (
    <nav
      className={`category-bar${edges.start ? ' category-bar--more-start' : ''}${edges.end ? ' category-bar--more-end' : ''}`}
      aria-label={s('categoriesLabel')}
    >
      {/* the links' presses only: an arrow's turn of the bar is not undone by a re-centring */}
      <ul ref={list} className="category-bar__list" onPointerDown={press}>
        {categories.map((c) => (
          <li key={c.id}>
            <a
              href={`#category-${c.id}`}
              aria-current={current === c.id ? 'true' : undefined}
              onClick={(e) => {
                e.preventDefault();
                if (!document.getElementById(`category-${c.id}`)) showAll();
                scrollToGroup(`category-${c.id}`);
                setCurrent(c.id);
              }}
            >
              {c.name}
            </a>
          </li>
        ))}
      </ul>
      {/* a mouse's way on (CSS shows them for a fine pointer only); the keyboard reaches every link by Tab */}
      {(['start', 'end'] as const).map((end) => (
        <button
          key={end}
          type="button"
          className={`category-bar__arrow category-bar__arrow--${end}`}
          tabIndex={-1}
          aria-hidden="true"
          hidden={!edges[end]}
          onClick={() => page(end === 'end' ? 1 : -1)}
        >
          {end === 'end' ? '›' : '‹'}
        </button>
      ))}
    </nav>
  );
}

/**
 * The current category: the last group whose top is above the line at 25 % of the viewport, before the first
 * reaches it the first (@shop/domain currentCategory). The observer's root reaches from far above the page down to
 * that line, so a group's top crossing the line in either direction (however fast the scroll) is one callback.
 */
function useScrollSpy(categories: Category[], shownGroups: number) {
  const [current, setCurrent] = useState<number | null>(categories[0]?.id ?? null);
  // the page computes the bar's list anew each render: the observer follows the ids, not the array
  const key = categories.map((c) => c.id).join(',');
  const latest = useRef(categories);
  useEffect(() => {
    latest.current = categories;
  });
  useEffect(() => {
    const categories = latest.current;
    if (typeof IntersectionObserver !== 'function') return;
    const above = new Set<number>();
    const ids = new Map<Element, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = ids.get(entry.target);
          if (id === undefined) continue;
          if (entry.isIntersecting) above.add(id);
          else above.delete(id);
        }
        const last = categories.findLast((c) => above.has(c.id));
        setCurrent((last ?? categories[0])?.id ?? null);
      },
      { rootMargin: `100000px 0px -${(1 - CATEGORY_BAR_CURRENT_RATIO) * 100}% 0px` },
    );
    for (const c of categories) {
      const group = document.getElementById(`category-${c.id}`);
      if (!group) continue;
      ids.set(group, c.id);
      observer.observe(group);
    }
    return () => observer.disconnect();
  }, [key, shownGroups]);
  return [current, setCurrent] as const;
}

/** Whether the bar hides links before its start or after its end: on its scroll and when its size changes. */
function useEdges(list: RefObject<HTMLUListElement | null>, count: number): Edges {
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });
  useEffect(() => {
    const scroller = list.current;
    if (!scroller) return;
    const measure = () => {
      const start = scroller.scrollLeft > EDGE_TOLERANCE;
      const end = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - EDGE_TOLERANCE;
      setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resized?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', measure);
      resized?.disconnect();
    };
  }, [list, count]);
  return edges;
}

/**
 * Scrolls the page (and only the page) so the group's top rests at the page's scroll padding, below the sticky
 * bar, at once. Not smoothly: a smooth scroll of the page is aborted by the bar's own programmatic scroll
 * (centring the current link as the groups pass), sometimes before it moved at all (seen in fresh-clone CI,
 * with scrollIntoView and with window.scrollTo alike); an instant jump cannot be interrupted.
 */
function scrollToGroup(id: string) {
  const group = document.getElementById(id);
  if (!group) return;
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  window.scrollTo({ top: window.scrollY + group.getBoundingClientRect().top - padding, behavior: 'instant' });
}
