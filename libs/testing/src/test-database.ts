import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A database that test databases are copied from: `build` migrates it once, `key` names what it holds. */
export interface TestDatabaseTemplate {
  key: string;
  build(url: string): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A statement that needs a database nobody is connected to (renaming it, copying it as a template): a client that
 * has just disconnected may still have its backend for a moment (SQLSTATE 55006, object in use), so it is retried.
 */
async function whenUnused(c: pg.Client, sql: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await c.query(sql);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await sleep(100);
    }
  }
}

/**
 * The template's database, built once per content (its name is a hash of the key) and shared by every test file
 * and Jest worker of the machine: the first one builds it under an advisory lock under a temporary name and
 * renames it when it is complete, so no one ever copies a half-migrated template.
 */
async function templateDatabase(c: pg.Client, template: TestDatabaseTemplate): Promise<string> {
  const name = `tpl_${createHash('sha256').update(template.key).digest('hex').slice(0, 20)}`;
  await c.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
  try {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      const building = `${name}_${randomBytes(3).toString('hex')}`;
      await c.query(`CREATE DATABASE "${building}"`);
      try {
        await template.build(urlOf(building));
        await whenUnused(c, `ALTER DATABASE "${building}" RENAME TO "${name}"`);
      } catch (err) {
        await c.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        throw err;
      }
    }
  } finally {
    await c.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
  }
  return name;
}

/**
 * A fresh database for one test file (parallel-safe); drop() removes it even with open connections. With a
 * template it starts as a copy of the template's database (migrated once for all test files instead of once each).
 */
export async function createTestDatabase(label = 'test', template?: TestDatabaseTemplate): Promise<TestDatabase> {
  const name =
    `t_${label.replace(/\W/g, '_').slice(0, 20)}_${process.pid}_${randomBytes(4).toString('hex')}`.toLowerCase();
  await admin(async (c) => {
    if (!template) return c.query(`CREATE DATABASE "${name}"`);
    return whenUnused(c, `CREATE DATABASE "${name}" TEMPLATE "${await templateDatabase(c, template)}"`);
  });
  return {
    name,
    url: urlOf(name),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** A test database with what a spec opened on it (a data source), ended and dropped together by close(). */
export interface OpenTestDatabase<D> {
  db: TestDatabase;
  ds: D;
  close(): Promise<void>;
}

/**
 * A throwaway database for one spec file with what `open` builds on it: a service's schema (by its committed
 * migrations, or synchronized from its entities) and a data source on it. close() ends the data source and drops the
 * database; a failed `open` drops it at once.
 */
export async function openTestDatabase<D extends { destroy(): Promise<void> }>(
  label: string,
  open: (url: string) => Promise<D>,
): Promise<OpenTestDatabase<D>> {
  const db = await createTestDatabase(label);
  const ds = await open(db.url).catch(async (err: unknown) => {
    await db.drop();
    throw err;
  });
  return {
    db,
    ds,
    close: async () => {
      await ds.destroy();
      await db.drop();
    },
  };
}
