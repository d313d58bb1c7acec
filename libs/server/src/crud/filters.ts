import { Brackets, type ObjectLiteral, type SelectQueryBuilder, type WhereExpressionBuilder } from 'typeorm';

/** How a list filter matches a row: the column equals its value, or (`{ holds }`) the array column holds it. */
export type FilterColumn<E> = (keyof E & string) | { holds: keyof E & string };

/**
 * An applyFilters of a CRUD definition from a table: filter name → the column it matches. Each filter the query
 * names restricts the list (in the table's order); one it leaves out restricts nothing.
 */
export const columnFilters =
  <E extends ObjectLiteral>(columns: Readonly<Record<string, FilterColumn<E>>>) =>
  (qb: SelectQueryBuilder<E>, alias: string, filters: Record<string, unknown>): void => {
    for (const [name, column] of Object.entries(columns)) {
      if (filters[name] === undefined) continue;
      const where =
        typeof column === 'string' ? `${alias}."${column}" = :${name}` : `:${name} = ANY(${alias}."${column.holds}")`;
      qb.andWhere(where, { [name]: filters[name] });
    }
  };

/** An applyFilters of a CRUD definition whose filters each match a column of the same name. */
export const equalFilters = <E extends ObjectLiteral>(...columns: ReadonlyArray<keyof E & string>) =>
  columnFilters<E>(Object.fromEntries(columns.map((column) => [column, column])));

/** The publicScope of entities visitors see only when public. */
export const onlyPublic = <E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, alias: string): void =>
  void qb.andWhere(`${alias}."isPublic" = true`);

/** The LIKE pattern that finds `text` anywhere in a value, its % _ and \ taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * One bracket of ORs for a list's search box: rows where any of the SQL expressions contains `text` (ILIKE, as
 * parameter :s), or where one of the `exact` conditions holds.
 */
export function textSearch(
  text: string,
  expressions: readonly string[],
  exact: ReadonlyArray<[sql: string, params: ObjectLiteral]> = [],
): Brackets {
  const s = containsPattern(text);
  const conditions = [...expressions.map((e): [string, ObjectLiteral] => [`${e} ILIKE :s`, { s }]), ...exact];
  return new Brackets((w) => {
    for (const [i, [sql, params]] of conditions.entries()) {
      if (i === 0) w.where(sql, params);
      else w.orWhere(sql, params);
    }
  });
}

/** Restricts a list to the rows whose `column` lies in a period: from `from` (inclusive) to `to` (exclusive). */
export function withinPeriod(
  qb: WhereExpressionBuilder,
  column: string,
  { from, to }: { from?: unknown; to?: unknown },
): void {
  if (from) qb.andWhere(`${column} >= :from`, { from });
  if (to) qb.andWhere(`${column} < :to`, { to });
}
