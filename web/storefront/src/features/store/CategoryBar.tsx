import { currentCategory } from '@shop/domain';
import { useEffect, useRef, useState } from 'react';
import type { Category } from '@shop/contracts';
import { s } from '../../texts';

/**
 * §2.5 "Optional category bar (plugin flag): highlights the current category on scroll, scrolls to a
 * category on click … A group is current when its top is above 25 percent of the viewport height."
 */
export function CategoryBar({ categories, showAll }: { categories: Category[]; showAll: () => void }) {
  const [current, setCurrent] = useState<number | null>(categories[0]?.id ?? null);
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const onScroll = () => {
      const tops = categories.map((c) => ({
        key: c.id,
        top: document.getElementById(`category-${c.id}`)?.getBoundingClientRect().top ?? null,
      }));
      setCurrent(currentCategory(tops, window.innerHeight));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [categories]);
  // a pointer pressed on the bar: the page may still be scrolling under it (a wheel's or a finger's glide, or the
  // browser bringing the pressed link into view), and re-centring then moved another link under the pointer before
  // it was released, so the click chose that one (seen in fresh-clone CI): the bar waits until the pointer is up
  const pressed = useRef(false);
  const centre = () => {
    // centre the current link by scrolling the bar alone: scrollIntoView would also move the page
    const nav = bar.current;
    const link = nav?.querySelector<HTMLElement>('[aria-current="true"]');
    if (nav && link && !pressed.current)
      nav.scrollTo?.({ left: link.offsetLeft - (nav.clientWidth - link.offsetWidth) / 2 });
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
  if (categories.length === 0) return null;
  return (
    <nav className="category-bar" aria-label={s('categoriesLabel')} ref={bar} onPointerDown={press}>
      <ul>
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
    </nav>
  );
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
