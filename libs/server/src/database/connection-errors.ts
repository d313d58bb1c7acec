/**
 * SQLSTATEs with which Postgres refuses or drops a connection for now, not because of the statement:
 * too_many_connections (max_connections or a role's/database's limit reached), admin_shutdown and crash_shutdown
 * (the server is stopping), cannot_connect_now (it is starting up or recovering).
 */
const UNAVAILABLE_SQLSTATES = new Set(['53300', '57P01', '57P02', '57P03']);
/** connection_exception (class 08): the client could not establish the connection or lost it */
const CONNECTION_EXCEPTION = /^08/;
/** socket errors of a connection attempt: the server is down, unreachable or its name does not resolve (yet) */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * node-postgres' pool: no pooled connection became free within connectionTimeoutMillis (DATABASE_CONNECT_TIMEOUT_MS),
 * or opening a new one took longer. Plain Errors without a code, so their messages are matched.
 */
const POOL_TIMEOUTS = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

type Failure = { code?: unknown; message?: unknown; cause?: unknown; driverError?: unknown };

/**
 * Whether an error means "no database connection right now" (the request did nothing and may be retried), as
 * opposed to a failing statement. Looks through TypeORM's QueryFailedError (`driverError`) and `cause` chains.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = err; e && typeof e === 'object' && !seen.has(e);) {
    seen.add(e);
    const { code, message, cause, driverError } = e as Failure;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || CONNECTION_EXCEPTION.test(code))) return true;
    if (typeof code === 'string' && UNREACHABLE.has(code)) return true;
    if (typeof message === 'string' && POOL_TIMEOUTS.has(message)) return true;
    // pg reports a connection that failed for several addresses (IPv4 and IPv6) as one AggregateError
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
    e = driverError ?? cause;
  }
  return false;
}
