import { orphanSqlSnapshots, removeSqlSnapshot, repositoryFiles, sqlSnapshot, writeSqlSnapshot } from '@shop/server';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSource } from 'typeorm';
import { contentTestContext } from '../services/content/test/content-test-context.js';
import { identityTestDatabase } from '../services/identity/test/identity-test-database.js';
import { orderTestDatabase } from '../services/order/test/order-test-database.js';
import { paymentTestDatabase } from '../services/payment/test/payment-test-kit.js';
import { statisticsTestDatabase } from '../services/statistics/test/statistics-test-database.js';
import { timeTrackingTestDatabase } from '../services/time-tracking/test/time-tracking-test-database.js';

/** `npm run sql:snapshots` sets it: write what the repositories send instead of comparing */
const UPDATE_SQL_SNAPSHOTS = process.env.SQL_SNAPSHOTS === 'update';
const SERVICES_DIR = fileURLToPath(new URL('../services/', import.meta.url));

/** The services whose repositories declare `@GenerateSql` examples, each with its migrated test database. */
const SERVICES: Array<{ name: string; open(label: string): Promise<{ ds: DataSource; close(): Promise<unknown> }> }> = [
  { name: 'content', open: (label) => contentTestContext(label) },
  { name: 'identity', open: identityTestDatabase },
  { name: 'order', open: orderTestDatabase },
  { name: 'payment', open: (label) => paymentTestDatabase(label) },
  { name: 'statistics', open: statisticsTestDatabase },
  { name: 'time-tracking', open: timeTrackingTestDatabase },
];

/**
 * Every repository of these services sends the SQL of its committed snapshot (`queries/<file>.sql` beside it): a
 * changed query fails here until `npm run sql:snapshots` has written it, so the change shows in review.
 */
describe.each(SERVICES)('SQL snapshots of the $name service', ({ name, open }) => {
  const root = join(SERVICES_DIR, name, 'src');
  let db: { ds: DataSource; close(): Promise<unknown> };
  beforeAll(async () => (db = await open(`sql_snapshots_${name.replace('-', '_')}`)), 60_000);
  afterAll(() => db.close());

  it.each(repositoryFiles(root))('%s sends what its snapshot says (npm run sql:snapshots)', async (file) => {
    const snapshot = await sqlSnapshot(db.ds, join(root, file), (f) => import(f));
    if (UPDATE_SQL_SNAPSHOTS) return writeSqlSnapshot(snapshot);
    expect(snapshot.current).toBe(snapshot.committed);
  });

  it('keeps no snapshot whose repository is gone', () => {
    const orphans = orphanSqlSnapshots(root);
    if (UPDATE_SQL_SNAPSHOTS) orphans.forEach(removeSqlSnapshot);
    else expect(orphans).toEqual([]);
  });
});
