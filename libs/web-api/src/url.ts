import type { AnyPath, ParamsOf, QueryOf } from './paths.js';

declare const ROUTE: unique symbol;

/**
 * A concrete URL that remembers its route: '/api/orders/5' as ApiUrl<'/api/orders/{id}'>. It is a string (an SWR
 * key, a cache key to mutate), and the client reads the route's body and answer types from it.
 */
export type ApiUrl<P extends string = string> = string & { readonly [ROUTE]: P };

type UrlArgs<P extends string> = [keyof ParamsOf<P>] extends [never]
  ? [params?: ParamsOf<P>, query?: QueryOf<P>]
  : [params: ParamsOf<P>, query?: QueryOf<P>];

/**
 * The URL of a route: path parameters filled in (encoded), the query appended in its own order without empty
 * values. apiUrl('/api/orders/public/{uid}/{hash}', { uid, hash }), apiUrl('/api/branches', {}, { perPage: 500 }).
 */
export function apiUrl<P extends AnyPath>(path: P, ...[params, query]: UrlArgs<P>): ApiUrl<P> {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[name])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const qs = search.toString();
  return (qs ? `${filled}?${qs}` : filled) as ApiUrl<P>;
}
