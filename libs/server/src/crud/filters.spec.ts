import type { SelectQueryBuilder, WhereExpressionBuilder } from 'typeorm';
import { columnFilters, containsPattern, equalFilters, textSearch, withinPeriod } from './filters.js';

type Row = { id: number; branchId: number; tagIds: number[]; isEnabled: boolean };

/** A query builder that records its where clauses. */
function recorder() {
  const wheres: Array<[string, unknown]> = [];
  const qb = {
    andWhere: (sql: string, params?: unknown) => wheres.push([sql, params]),
    where: (sql: string, params?: unknown) => wheres.push([`WHERE ${sql}`, params]),
    orWhere: (sql: string, params?: unknown) => wheres.push([`OR ${sql}`, params]),
  };
  return { qb: qb as unknown as SelectQueryBuilder<Row>, wheres };
}

describe('columnFilters', () => {
  const filters = columnFilters<Row>({ branch: 'branchId', tag: { holds: 'tagIds' }, isEnabled: 'isEnabled' });

  it('matches each named filter against its column, in the order of the table', () => {
    const { qb, wheres } = recorder();
    filters(qb, 'e', { isEnabled: false, branch: 3, tag: 7 });
    expect(wheres).toEqual([
      ['e."branchId" = :branch', { branch: 3 }],
      [':tag = ANY(e."tagIds")', { tag: 7 }],
      ['e."isEnabled" = :isEnabled', { isEnabled: false }],
    ]);
  });

  it('leaves out the filters the query does not name', () => {
    const { qb, wheres } = recorder();
    filters(qb, 'e', { branch: undefined, other: 1 });
    expect(wheres).toEqual([]);
  });

  it('equalFilters matches columns of the filters own names', () => {
    const { qb, wheres } = recorder();
    equalFilters<Row>('isEnabled')(qb, 'x', { isEnabled: true });
    expect(wheres).toEqual([['x."isEnabled" = :isEnabled', { isEnabled: true }]]);
  });
});

describe('text search and periods', () => {
  it('takes % _ and \\ of a searched text literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('ORs the expressions that contain the text and the exact conditions in one bracket', () => {
    const { qb, wheres } = recorder();
    const bracket = textSearch('Mu%', ['l.message', 'l.code'], [['l.id::text = :exact', { exact: 'Mu%' }]]);
    bracket.whereFactory(qb as unknown as WhereExpressionBuilder);
    expect(wheres).toEqual([
      ['WHERE l.message ILIKE :s', { s: '%Mu\\%%' }],
      ['OR l.code ILIKE :s', { s: '%Mu\\%%' }],
      ['OR l.id::text = :exact', { exact: 'Mu%' }],
    ]);
  });

  it('bounds a period from its start (inclusive) to its end (exclusive), each when given', () => {
    const { qb, wheres } = recorder();
    withinPeriod(qb, 'o."createdAt"', { from: '2026-01-01', to: undefined });
    withinPeriod(qb, 'o."createdAt"', { to: '2026-02-01' });
    expect(wheres).toEqual([
      ['o."createdAt" >= :from', { from: '2026-01-01' }],
      ['o."createdAt" < :to', { to: '2026-02-01' }],
    ]);
  });
});
