import { ApiError, createApiClient } from '@shop/web-api';
import { t } from '../texts';

export { ApiError, apiUrl, errorMessage, isForbidden, isRetryable, type ApiUrl } from '@shop/web-api';

/** The login page; every 401 of an API call leads here (backoffice-platform.md §2, §8). */
export const LOGIN_PATH = '/backend/login';

let csrfToken: string | null = null;
let redirecting = false;

/** Set by the login page (the login answer carries the token). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/**
 * Calls outside a staff session's rules: the login page (a wrong password is a 401 too, and logging in needs no
 * CSRF token), the counter screens (the branch's API key instead of a login) and the CSRF token itself.
 */
export const publicApi = createApiClient();

async function fetchCsrfToken(): Promise<string> {
  try {
    csrfToken = (await publicApi.get('/backend/csrf-token')).csrfToken;
    return csrfToken;
  } catch (err) {
    throw err instanceof ApiError && err.status === 401 ? toLogin(err.message) : err;
  }
}

/**
 * The login page a 401 leads to: back to the current screen afterwards (?next=#/…), and ?reason=session when the
 * server says the session is gone (the login page then says so instead of leaving the user wondering).
 */
export function loginUrl(hash: string, message = ''): string {
  const params = new URLSearchParams();
  if (hash.startsWith('#/')) params.set('next', hash);
  if (message === t('auth.noSession')) params.set('reason', 'session');
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

/** Where the browser goes on a 401 (replaceable in unit tests). */
export const navigation = {
  toLogin(url: string): void {
    window.location.assign(url);
  },
};

function toLogin(message = ''): ApiError {
  if (!redirecting) {
    redirecting = true;
    navigation.toLogin(loginUrl(window.location.hash, message));
  }
  return new ApiError(401, 'UNAUTHENTICATED', message);
}

/**
 * The staff member's calls (@shop/web-api): JSON in and out, the session cookie, the CSRF header on writes,
 * 401 → login page; an expired CSRF secret (a new login in another tab) fetches a fresh token and repeats the
 * write once.
 */
export const api = createApiClient({
  headers: async (method): Promise<Record<string, string>> =>
    method === 'GET' ? {} : { 'x-csrf-token': csrfToken ?? (await fetchCsrfToken()) },
  onError: (error, repeat, repeated) => {
    if (error.status === 401) throw toLogin(error.message);
    if (error.status === 403 && error.code === 'CSRF_INVALID' && !repeated) {
      csrfToken = null;
      return repeat();
    }
    throw error;
  },
});
