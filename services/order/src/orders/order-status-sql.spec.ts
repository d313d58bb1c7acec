import {
  ORDER_PREDICATES,
  ORDER_STATUS_FLAGS,
  matchesOrderPredicate,
  orderStatusOf,
  type OrderPredicateName,
  type OrderStatusFlags,
} from '@shop/domain';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { orderPredicateSql } from './order-status-sql.js';
import { isFinal, orderStatus } from './order-state.js';

/** Every combination of the status flags (2^6), each with its index. */
const COMBINATIONS: OrderStatusFlags[] = Array.from({ length: 2 ** ORDER_STATUS_FLAGS.length }, (_, i) =>
  Object.fromEntries(ORDER_STATUS_FLAGS.map((flag, bit) => [flag, Boolean(i & (1 << bit))])),
);
const NAMES = Object.keys(ORDER_PREDICATES) as OrderPredicateName[];

describe('order-status rules: the SQL conditions and the TypeScript agree on every flag combination (real Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  beforeAll(async () => {
    db = await createTestDatabase('order_status_sql');
    ds = await new DataSource({ type: 'postgres', url: db.url }).initialize();
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  /** The indexes of the combinations the generated condition selects, run over a VALUES table aliased `o`. */
  async function selectedBySql(name: OrderPredicateName): Promise<number[]> {
    const values = COMBINATIONS.map((c, i) => `(${i}, ${ORDER_STATUS_FLAGS.map((f) => String(c[f])).join(', ')})`).join(
      ',\n',
    );
    const columns = ['i', ...ORDER_STATUS_FLAGS.map((f) => `"${f}"`)].join(', ');
    const rows: Array<{ i: number }> = await ds.query(
      `SELECT o.i FROM (VALUES ${values}) AS o(${columns}) WHERE ${orderPredicateSql(name)} ORDER BY o.i`,
    );
    return rows.map((r) => Number(r.i));
  }
  const selectedByTs = (name: OrderPredicateName) =>
    COMBINATIONS.flatMap((c, i) => (matchesOrderPredicate(name, c) ? [i] : []));

  it.each(NAMES)('%s: the same combinations in SQL and TypeScript', async (name) => {
    expect(await selectedBySql(name)).toEqual(selectedByTs(name));
  });

  it('every combination has exactly one status, in SQL as in orderStatus(); final and current split them the same way as isFinal()', async () => {
    const statuses = NAMES.filter((n) => n !== 'final' && n !== 'current');
    const bySql = new Map<number, string[]>();
    for (const status of statuses)
      for (const i of await selectedBySql(status)) bySql.set(i, [...(bySql.get(i) ?? []), status]);
    const final = new Set(await selectedBySql('final'));
    const current = new Set(await selectedBySql('current'));
    COMBINATIONS.forEach((c, i) => {
      const flags = { isDelivered: false, isDelivery: false, ...c } as Parameters<typeof orderStatus>[0];
      expect([i, bySql.get(i)]).toEqual([i, [orderStatus(flags)]]);
      expect(orderStatusOf(c)).toBe(orderStatus(flags));
      expect([i, final.has(i), current.has(i)]).toEqual([i, isFinal(flags), !isFinal(flags)]);
    });
  });

  it('renders on another alias', () => {
    expect(orderPredicateSql('canceled', 'x')).toBe('((x."isCanceled" OR x."isFailed") AND NOT x."isRejected")');
    expect(orderPredicateSql('rejected')).toBe('(o."isRejected")');
  });
});
