import { createContext, useContext } from 'react';

export const SELF_SERVICE_PREFIX = '/self-service';

/**
 * §2.1 "A route meta context 'self-service' suppresses the cookie banner and third-party scripts and enables
 * the screensaver." The storefront routes are mounted twice: at / and under /self-service (terminals).
 */
export const SelfServiceContext = createContext(false);

export function useIsSelfService(): boolean {
  return useContext(SelfServiceContext);
}

/** Storefront paths keep the self-service prefix inside that context. */
export function useLinkTo(): (path: string) => string {
  return linkToFor(useIsSelfService());
}

const prefixed = (path: string) => (path === '/' ? SELF_SERVICE_PREFIX : `${SELF_SERVICE_PREFIX}${path}`);
const unchanged = (path: string) => path;
/** The path mapping of a context (a stable function per context). */
export const linkToFor = (self: boolean): ((path: string) => string) => (self ? prefixed : unchanged);
