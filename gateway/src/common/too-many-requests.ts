import { DomainException } from '@shop/server';

/** The German 429 of every limit, with the seconds until the next request is counted again. */
export function tooManyRequests(ttlMs: number) {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const ex = DomainException.of('TOO_MANY_REQUESTS', 'http.tooManyRequests', { seconds });
  return Object.assign(ex, { statusCode: 429, extra: { retryAfter: seconds } });
}
