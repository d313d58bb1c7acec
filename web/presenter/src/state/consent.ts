import { COOKIE_CONSENT_DAYS } from '@shop/domain';
import { useSyncExternalStore } from 'react';

/**
 * §4 "Cookie consent: … accepting stores consent (cookie valid 365 days)". The same cookie as the storefront's
 * (web/storefront/src/state/consent.ts), so one answer counts on both websites of a host.
 */
export const CONSENT_COOKIE = 'cookie-consent';

const listeners = new Set<() => void>();

function read(): string | null {
  const prefix = `${CONSENT_COOKIE}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

export function hasConsent(): boolean {
  return read() === 'true';
}

export function setConsent(accepted: boolean): void {
  document.cookie = `${CONSENT_COOKIE}=${String(accepted)}; max-age=${COOKIE_CONSENT_DAYS * 86_400}; path=/; samesite=lax`;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** 'true' accepted, 'false' refused, null: no answer yet (the banner shows). */
export function useConsentValue(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

export const useConsent = () => useConsentValue() === 'true';
