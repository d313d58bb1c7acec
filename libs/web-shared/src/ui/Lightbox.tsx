import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { t as s } from '../texts';

/**
 * §2.2 "Lightbox for images and videos: previous and next buttons; moving past either end closes it.
 * ArrowLeft and ArrowDown go back, ArrowRight and ArrowUp go forward, Escape closes."
 */
export interface LightboxItem {
  src: string;
  alt: string;
  type?: 'image' | 'video';
}

interface LightboxApi {
  open(items: LightboxItem[], index?: number): void;
}

const LightboxContext = createContext<LightboxApi>({ open: () => undefined });
export const useLightbox = () => useContext(LightboxContext);

/** The next index, or null when it moves past either end (the lightbox closes). */
export function moveIndex(index: number, delta: 1 | -1, length: number): number | null {
  const next = index + delta;
  return next < 0 || next >= length ? null : next;
}

export function LightboxProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<LightboxItem[]>([]);
  const [index, setIndex] = useState<number | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const dialog = useRef<HTMLDivElement>(null);

  const open = useCallback((list: LightboxItem[], start = 0) => {
    returnFocus.current = document.activeElement as HTMLElement | null;
    setItems(list);
    setIndex(start);
  }, []);
  const close = useCallback(() => {
    setIndex(null);
    returnFocus.current?.focus();
  }, []);
  const move = useCallback(
    (delta: 1 | -1) =>
      setIndex((i) => {
        if (i === null) return null;
        const next = moveIndex(i, delta, items.length);
        if (next === null) returnFocus.current?.focus();
        return next;
      }),
    [items.length],
  );

  useEffect(() => {
    if (index === null) return;
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') move(-1);
      else if (e.key === 'ArrowRight' || e.key === 'ArrowUp') move(1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, close, move]);

  const item = index === null ? null : items[index];
  return (
    <LightboxContext.Provider value={{ open }}>
      {children}
      {item && (
        <div
          className="lightbox"
          role="dialog"
          aria-modal="true"
          aria-label={s('lightboxLabel')}
          tabIndex={-1}
          ref={dialog}
        >
          <button type="button" className="lightbox__close" onClick={close}>
            {s('close')}
          </button>
          {/* one image: nothing to move to (an arrow would only close it) */}
          {items.length > 1 && (
            <button type="button" className="lightbox__prev" onClick={() => move(-1)}>
              {s('previous')}
            </button>
          )}
          {item.type === 'video' ? <video src={item.src} controls autoPlay /> : <img src={item.src} alt={item.alt} />}
          {items.length > 1 && (
            <button type="button" className="lightbox__next" onClick={() => move(1)}>
              {s('next')}
            </button>
          )}
        </div>
      )}
    </LightboxContext.Provider>
  );
}
