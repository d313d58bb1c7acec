import { COOKIE_CONSENT_DAYS } from '@shop/domain';
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './cookies';

/**
 * §4 "Cookie consent: … accepting stores consent (cookie valid 365 days)". Refusing is as easy as accepting
 * (ePrivacy/GDPR): it is stored the same way for the same 365 days ('false'), hides the banner too, and keeps
 * analytics and third-party scripts off, as no answer does.
 */
export const CONSENT_COOKIE = 'cookie-consent';

export type ConsentChoice = 'accepted' | 'refused';

const listeners = new Set<() => void>();

function consentChoice(): ConsentChoice | null {
  const value = readCookie(CONSENT_COOKIE);
  return value === 'true' ? 'accepted' : value === 'false' ? 'refused' : null;
}

export function hasConsent(): boolean {
  return consentChoice() === 'accepted';
}

function storeChoice(accepted: boolean): void {
  writeCookie(CONSENT_COOKIE, String(accepted), COOKIE_CONSENT_DAYS * 24 * 60 * 60);
  listeners.forEach((l) => l());
}

export function acceptConsent(): void {
  storeChoice(true);
}

export function refuseConsent(): void {
  storeChoice(false);
}

/** The customer's answer to the banner, or null while there is none (the banner shows). */
export function useConsentChoice(): ConsentChoice | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    consentChoice,
    () => null,
  );
}

/** Consent given: third-party scripts, the map and analytics may run. */
export function useConsent(): boolean {
  return useConsentChoice() === 'accepted';
}
