import { orphanSqlSnapshots, removeSqlSnapshot, repositoryFiles, sqlSnapshot, writeSqlSnapshot } from '@shop/server';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSource } from 'typeorm';
import { identityTestDatabase } from '../test/identity-test-database.js';

const root = dirname(fileURLToPath(import.meta.url));
/** `npm run sql:snapshots` sets it: write what the repositories send instead of comparing */
const UPDATE_SQL_SNAPSHOTS = process.env.SQL_SNAPSHOTS === 'update';

/**
 * Every repository of the identity service sends the SQL of its committed snapshot (`queries/<file>.sql` beside it):
 * a changed query fails here until `npm run sql:snapshots` has written it, so the change shows in review.
 */
describe('SQL snapshots of the identity service', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  beforeAll(async () => ({ ds, close } = await identityTestDatabase('identity_sql_snapshots')));
  afterAll(() => close());

  it.each(repositoryFiles(root))('%s sends what its snapshot says (npm run sql:snapshots)', async (file) => {
    const snapshot = await sqlSnapshot(ds, join(root, file), (f) => import(f));
    if (UPDATE_SQL_SNAPSHOTS) return writeSqlSnapshot(snapshot);
    expect(snapshot.current).toBe(snapshot.committed);
  });

  it('keeps no snapshot whose repository is gone', () => {
    const orphans = orphanSqlSnapshots(root);
    if (UPDATE_SQL_SNAPSHOTS) orphans.forEach(removeSqlSnapshot);
    else expect(orphans).toEqual([]);
  });
});
