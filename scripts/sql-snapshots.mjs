#!/usr/bin/env node
// npm run sql:snapshots: writes the committed SQL snapshot of every repository (`queries/<file>.sql` beside each
// `*.repository.ts`) from what its @GenerateSql examples send to a throwaway database: `tests/sql-snapshots.spec.ts`
// runs in update mode; in `npm test` the same spec fails while a snapshot is out of date.
import './lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { checkServices, run } from './lib/env.mjs';

await checkServices();
run(`npx jest --ci --maxWorkers=2 ${process.argv.slice(2).join(' ')} sql-snapshots.spec`, {
  env: {
    ...process.env,
    SQL_SNAPSHOTS: 'update',
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim(),
  },
});
console.log('› SQL snapshots written: review and commit the changed queries/*.sql files with the queries');
