import { DataSource, type DataSourceOptions, type MixedList } from 'typeorm';

/** A class TypeORM instantiates: an entity or a migration. */
export type TypeOrmClass = new (...args: never[]) => unknown;

export interface ServiceDatabaseOptions {
  url: string;
  /** the Postgres schema the service owns */
  schema: string;
  entities: MixedList<TypeOrmClass>;
  migrations: MixedList<TypeOrmClass>;
  /** tests only: create tables from entities instead of migrations */
  synchronize?: boolean;
  poolSize?: number;
  /** the process's name in pg_stat_activity (application_name): which service holds how many connections */
  applicationName?: string;
  /** server-side limits of every pooled connection (services; migrations run without them) */
  timeouts?: DatabaseTimeouts;
  /** planner settings of every pooled connection (`-c name=value` at connect), e.g. no parallel workers */
  sessionSettings?: Record<string, string | number>;
}

/**
 * What Postgres may take before it gives up (pg sets them per connection): one statement, one wait for a lock, a
 * transaction left open without a statement (a connection held across a remote call), and waiting for a pooled
 * connection. A slow query or a forgotten transaction then fails that request instead of draining the pool.
 */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  connectMs: number;
}

/** The timeouts of the shared config. */
export function databaseTimeouts(c: {
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATABASE_LOCK_TIMEOUT_MS: number;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
  DATABASE_CONNECT_TIMEOUT_MS: number;
}): DatabaseTimeouts {
  return {
    statementMs: c.DATABASE_STATEMENT_TIMEOUT_MS,
    lockMs: c.DATABASE_LOCK_TIMEOUT_MS,
    idleInTransactionMs: c.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    connectMs: c.DATABASE_CONNECT_TIMEOUT_MS,
  };
}

export function dataSourceOptions(o: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: o.url,
    schema: o.schema,
    entities: o.entities,
    migrations: o.migrations,
    migrationsTableName: 'migrations',
    synchronize: o.synchronize ?? false,
    applicationName: o.applicationName,
    extra: {
      max: o.poolSize ?? 10,
      ...(o.timeouts && {
        statement_timeout: o.timeouts.statementMs,
        lock_timeout: o.timeouts.lockMs,
        idle_in_transaction_session_timeout: o.timeouts.idleInTransactionMs,
        connectionTimeoutMillis: o.timeouts.connectMs,
      }),
      ...(o.sessionSettings && {
        options: Object.entries(o.sessionSettings)
          .map(([k, v]) => `-c ${k}=${v}`)
          .join(' '),
      }),
    },
  };
}

/** Creates the schema if needed and applies pending migrations; returns the names applied. */
export async function migrate(o: ServiceDatabaseOptions): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(o));
  await ds.initialize();
  try {
    await ds.query(`CREATE SCHEMA IF NOT EXISTS "${o.schema}"`);
    const applied = await ds.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}
