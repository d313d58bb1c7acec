import { COOKIE_CONSENT_DAYS } from '@shop/domain';
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './storage';

/** §4 "Cookie consent: … accepting stores consent (cookie valid 365 days)". */
export const CONSENT_COOKIE = 'cookie-consent';

const listeners = new Set<() => void>();

export function hasConsent(): boolean {
  return readCookie(CONSENT_COOKIE) === 'true';
}

export function acceptConsent(): void {
  writeCookie(CONSENT_COOKIE, 'true', COOKIE_CONSENT_DAYS * 24 * 60 * 60);
  listeners.forEach((l) => l());
}

export function useConsent(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    hasConsent,
    () => false,
  );
}
