import { Id } from '@shop/contracts';
import type { DomainException } from '@shop/server';

/**
 * A numeric id in a path: digits only, within the services' integer keys (1 … 2147483647). Anything else
 * names nothing: the caller's 404.
 */
export function pathId(raw: string, notFound: () => DomainException): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Id.safeParse(id).success) throw notFound();
  return id;
}
