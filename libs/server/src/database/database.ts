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
    extra: { max: o.poolSize ?? 10 },
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
