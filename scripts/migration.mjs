#!/usr/bin/env node
// A service's migrations with TypeORM's CLI, against the database of DATABASE_URL (default: npm start's):
//
//   npm run migrate:generate -- <service> <Name>   the service's entities against its schema: writes
//                                                   services/<service>/src/database/migrations/<timestamp>-<Name>.ts
//                                                   and lists it in that folder's index.ts
//   npm run migrate:revert -- <service>            undoes the service's last applied migration (its down())
//
// Both build the service first (the CLI reads its entities and migrations from dist). Generating applies the
// service's pending migrations first, so the new one holds only what changed since the last.
import './lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { DEFAULTS, ensureDatabase, ROOT, run } from './lib/env.mjs';

const [command, service, name] = process.argv.slice(2);
const usage = () => {
  console.error(`usage: npm run migrate:generate -- <service> <Name>   (e.g. order AddPickupNote)
       npm run migrate:revert -- <service>`);
  process.exit(2);
};
if (!['generate', 'revert'].includes(command) || !service) usage();
if (command === 'generate' && !/^[A-Z][A-Za-z0-9]*$/.test(name ?? '')) usage();

process.env.DATABASE_URL ??= DEFAULTS.DATABASE_URL;
const { DATABASE_SERVICES, serviceDatabase } = await import('./migrate.mjs');
if (!DATABASE_SERVICES.includes(service)) {
  console.error(`✖ "${service}" has no database; one of: ${DATABASE_SERVICES.join(', ')}`);
  process.exit(2);
}

console.log(`› building @shop/${service}`);
run(`npx nx run @shop/${service}:build --outputStyle=stream`);
await ensureDatabase(process.env.DATABASE_URL);

/** TypeORM's CLI with the service's data source (scripts/lib/migration-data-source.mjs); exits with the CLI. */
function typeorm(...args) {
  const res = spawnSync(
    process.execPath,
    [`${ROOT}node_modules/typeorm/cli.js`, ...args, '--dataSource', `${ROOT}scripts/lib/migration-data-source.mjs`],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, MIGRATION_SERVICE: service } },
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const dir = `services/${service}/src/database/migrations`;
if (command === 'revert') {
  typeorm('migration:revert');
} else {
  const { migrate } = await import('@shop/server');
  const applied = await migrate(await serviceDatabase(service));
  if (applied.length) console.log(`› applied first: ${applied.join(', ')}`);
  const timestamp = Date.now();
  typeorm('migration:generate', `${dir}/${name}`, '--timestamp', String(timestamp));
  listInIndex(`${timestamp}-${name}`);
}

/** Adds the new migration to the folder's index.ts, the list the service and scripts/migrate.mjs run. */
function listInIndex(file) {
  const migration = readFileSync(`${ROOT}${dir}/${file}.ts`, 'utf8');
  const className = /export class (\w+)/.exec(migration)[1];
  const indexPath = `${ROOT}${dir}/index.ts`;
  const index = readFileSync(indexPath, 'utf8');
  const lastImport = index.lastIndexOf('\nimport ');
  const afterImports = index.indexOf(';\n', lastImport) + 2;
  // the list's last entry, with or without a trailing comma; Prettier lays the list out again below
  const listEnd = index.lastIndexOf(']');
  const entries = index.slice(afterImports, listEnd).trimEnd().replace(/,$/, '');
  writeFileSync(
    indexPath,
    index.slice(0, afterImports) +
      `import { ${className} } from './${file}.js';\n` +
      `${entries}, ${className}` +
      index.slice(listEnd),
  );
  run(`npx prettier --write ${dir}/index.ts`, { stdio: 'ignore' });
  console.log(`› ${dir}/${file}.ts written and listed in ${dir}/index.ts`);
}
