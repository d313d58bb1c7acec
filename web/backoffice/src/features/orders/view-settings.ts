import { useCallback, useEffect, useState } from 'react';

/**
 * backoffice-platform.md §3 "Local settings: show product data and show customer data (both default true, stored
 * as 1 or 0)": per browser, in localStorage; every order view on screen follows a change at once.
 */
export const VIEW_SETTINGS = {
  showProductData: 'backoffice.showProductData',
  showCustomerData: 'backoffice.showCustomerData',
} as const;
export type ViewSetting = keyof typeof VIEW_SETTINGS;
const CHANGED = 'backoffice-view-settings';

export function readViewSetting(name: ViewSetting): boolean {
  try {
    return localStorage.getItem(VIEW_SETTINGS[name]) !== '0';
  } catch {
    return true;
  }
}

export function useViewSetting(name: ViewSetting): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readViewSetting(name));
  useEffect(() => {
    const sync = () => setOn(readViewSetting(name));
    window.addEventListener(CHANGED, sync);
    window.addEventListener('storage', sync);
    return () => {
      window.removeEventListener(CHANGED, sync);
      window.removeEventListener('storage', sync);
    };
  }, [name]);
  const set = useCallback(
    (next: boolean) => {
      try {
        localStorage.setItem(VIEW_SETTINGS[name], next ? '1' : '0');
      } catch {
        /* private mode: this page only */
      }
      setOn(next);
      window.dispatchEvent(new Event(CHANGED));
    },
    [name],
  );
  return [on, set];
}
