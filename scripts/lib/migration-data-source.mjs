// The data source TypeORM's CLI loads for npm run migrate:generate and migrate:revert (scripts/migration.mjs): the
// service named in MIGRATION_SERVICE at DATABASE_URL, with its entities and migrations and no other setting.
import { dataSourceOptions } from '@shop/server';
import { DataSource } from 'typeorm';
import { serviceDatabase } from '../migrate.mjs';

export default new DataSource(
  dataSourceOptions(await serviceDatabase(process.env.MIGRATION_SERVICE, process.env.DATABASE_URL)),
);
