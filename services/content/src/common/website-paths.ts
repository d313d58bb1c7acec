import type { CrudDefinition } from '@shop/server';
import type { ObjectLiteral } from 'typeorm';

/** A path as stored: `/api/sites/kontakt` and `/api/sites/%2Fkontakt` both name the path `/kontakt`. */
export const pathOf = (raw: string): string => (raw.startsWith('/') ? raw : `/${raw}`);

/**
 * How a resource addressed by a path within a website is found (sites by their path, redirects by their source):
 * the path of the URL with its leading slash, looked up within the requesting host's website, unique per website,
 * listed by website and path.
 */
export function byWebsitePath<E extends ObjectLiteral & { id: number; website: string }>(
  column: keyof E & string,
): Pick<CrudDefinition<E, unknown>, 'identifierColumn' | 'identifierOf' | 'websiteColumn' | 'uniqueColumns' | 'order'> {
  return {
    identifierColumn: column,
    identifierOf: pathOf,
    websiteColumn: 'website',
    uniqueColumns: [['website', column]],
    order: { website: 'ASC', [column]: 'ASC' } as CrudDefinition<E, unknown>['order'],
  };
}
