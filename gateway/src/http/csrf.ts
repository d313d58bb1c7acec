/** Methods that change nothing: no CSRF token, no rate limit, reads logged at debug. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes that act for nobody's session: the session's own entry and exit, and the anonymous customer's
 * order and public-link calls (a staff cookie grants them nothing, so there is nothing to forge).
 */
export const CSRF_EXEMPT: ReadonlySet<string> = new Set([
  '/backend/login',
  '/backend/login-link',
  '/backend/logout',
  '/api/orders',
  '/api/orders/public/:uid/:hash/confirm-counter-appointment',
  '/api/orders/public/:uid/:hash/reject-counter-appointment',
  '/api/orders/public/:uid/:hash/questionnaire',
  '/api/uploads',
  '/api/analytics-log',
  // the branch terminal: no session, the employee's code in headers on every call
  '/api/time-tracking/:branch/:deviceKey/working-activities/:action',
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
