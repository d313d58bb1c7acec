import type { FastifyReply, FastifyRequest } from 'fastify';

/** Methods that change nothing: no CSRF token, no rate limit, reads logged at debug. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes that act for nobody's session: the session's entry, and the anonymous customer's order and public-link
 * calls (a staff cookie grants them nothing, so there is nothing to forge). The exit is no exception: a forged
 * logout is a nuisance an attacker's page could cause at will.
 */
export const CSRF_EXEMPT: ReadonlySet<string> = new Set([
  '/backend/login',
  '/backend/login-link',
  '/api/orders',
  '/api/orders/public/:uid/:hash/confirm-counter-appointment',
  '/api/orders/public/:uid/:hash/reject-counter-appointment',
  '/api/orders/public/:uid/:hash/questionnaire',
  '/api/uploads',
  '/api/analytics-log',
  // the branch terminal: no session, the device key and the employee's code in headers on every call
  '/api/time-tracking/:branch/working-activities/:action',
  // signage players sign in with the device's key (HTTP Basic), never with a session
  '/api/digital-signage-player/heartbeat',
  '/api/digital-signage-player/commands/:id/ack',
  '/api/digital-signage-player/commands/:id/result',
]);

/**
 * Whether a request of a staff session to this route must carry the session's CSRF token (header
 * `x-csrf-token`): every unsafe method (upper case) except the exempt routes. `route` is the Fastify route (`/api/x/:id`).
 * The OpenAPI document states the same rule (openapi/openapi-document.ts).
 */
export function needsCsrf(method: string, route: string): boolean {
  return !SAFE_METHODS.has(method) && !CSRF_EXEMPT.has(route);
}

/** The cookie that holds the CSRF secret (@fastify/csrf-protection's default name, signed and HttpOnly). */
export const CSRF_COOKIE = '_csrf';

/**
 * A new CSRF secret and a token of it, whenever the session is regenerated (login, login link, two-factor login
 * enrolled): the secret lives in its own cookie, not in the session, so without this a token issued before the
 * login (another user's in this browser, or one an attacker planted with its cookie) would still pass after it.
 */
export function rotateCsrfToken(req: FastifyRequest, reply: FastifyReply): string {
  // generateCsrf keeps the secret of the request's cookie; without one it makes a new one and sets its cookie
  req.cookies[CSRF_COOKIE] = undefined;
  return reply.generateCsrf();
}
