import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import type { LightboxItem } from './LightboxDialog';

/**
 * §2.2 "Lightbox for images and videos: previous and next buttons; moving past either end closes it.
 * ArrowLeft and ArrowDown go back, ArrowRight and ArrowUp go forward, Escape closes."
 * The provider holds which item is open; the dialog itself is its own chunk, loaded when a picture is opened.
 */
export type { LightboxItem };

interface LightboxApi {
  open(items: LightboxItem[], index?: number): void;
}

const LightboxContext = createContext<LightboxApi>({ open: () => undefined });
export const useLightbox = () => useContext(LightboxContext);

const LightboxDialog = lazy(() => import('./LightboxDialog').then((m) => ({ default: m.LightboxDialog })));

/** The next index, or null when it moves past either end (the lightbox closes). */
export function moveIndex(index: number, delta: 1 | -1, length: number): number | null {
  const next = index + delta;
  return next < 0 || next >= length ? null : next;
}

export function LightboxProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<LightboxItem[]>([]);
  const [index, setIndex] = useState<number | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

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

  const item = index === null ? null : items[index];
  return (
    <LightboxContext.Provider value={{ open }}>
      {children}
      {item && (
        <Suspense fallback={null}>
          <LightboxDialog item={item} count={items.length} close={close} move={move} />
        </Suspense>
      )}
    </LightboxContext.Provider>
  );
}
