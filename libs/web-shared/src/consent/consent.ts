import { CONSENT_COOKIE, consentChoiceOf, COOKIE_CONSENT_DAYS, type ConsentChoice } from '@shop/domain';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './cookies';

/**
 * §4 "Cookie consent: … accepting stores consent (cookie valid 365 days)". Refusing is as easy as accepting
 * (ePrivacy/GDPR): it is stored the same way for the same 365 days ('false'), hides the banner too, and keeps
 * analytics and third-party scripts off, as no answer does.
 */
export { CONSENT_COOKIE, type ConsentChoice };

/**
 * The visitor's answer as the gateway read it from the request's cookie, for its server render of a page (the app's
 * src/entry-server.tsx): the page arrives with the banner only when there is no answer yet.
 */
export const ServerConsentContext = createContext<ConsentChoice | null>(null);

const listeners = new Set<() => void>();

function consentChoice(): ConsentChoice | null {
  return consentChoiceOf(readCookie(CONSENT_COOKIE));
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
  const fromServer = useContext(ServerConsentContext);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    consentChoice,
    // the server renders with the request's cookie; hydrating reads the same cookie in the browser
    () => (typeof document === 'undefined' ? fromServer : consentChoice()),
  );
}

/** Consent given: third-party scripts, the map and analytics may run. */
export function useConsent(): boolean {
  return useConsentChoice() === 'accepted';
}
