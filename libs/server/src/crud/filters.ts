import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** An applyFilters of a CRUD definition whose filters each match a column of the same name. */
export const equalFilters =
  <E extends ObjectLiteral>(...columns: ReadonlyArray<keyof E & string>) =>
  (qb: SelectQueryBuilder<E>, alias: string, filters: Record<string, unknown>): void => {
    for (const col of columns)
      if (filters[col] !== undefined) qb.andWhere(`${alias}."${col}" = :${col}`, { [col]: filters[col] });
  };

/** The publicScope of entities visitors see only when public. */
export const onlyPublic = <E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, alias: string): void =>
  void qb.andWhere(`${alias}."isPublic" = true`);
