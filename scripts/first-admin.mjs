#!/usr/bin/env node
// A production start (docker compose): creates the first administrator from a secret when there is none, and
// changes nothing else. The password is read from the file ADMIN_PASSWORD_FILE (a Docker secret), the name from
// ADMIN_USERNAME (default admin). Once an administrator exists the secret is not read any more.
import { readFile } from 'node:fs/promises';
import { dataSourceOptions } from '@shop/server';
import { DataSource } from 'typeorm';
import { identityDatabase } from '../services/identity/dist/database/data-source.js';
import { createFirstAdmin } from '../services/identity/dist/seed/first-admin.js';

const identity = await new DataSource(dataSourceOptions(identityDatabase(process.env.DATABASE_URL))).initialize();
try {
  const file = process.env.ADMIN_PASSWORD_FILE;
  const result = await createFirstAdmin(identity, process.env.ADMIN_USERNAME || 'admin', async () =>
    file ? (await readFile(file, 'utf8')).trim() : null,
  );
  console.log(`first administrator: ${result}`);
} finally {
  await identity.destroy();
}
