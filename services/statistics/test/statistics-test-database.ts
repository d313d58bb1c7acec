import { dataSourceOptions, migrate } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { statisticsDatabase } from '../src/database/data-source.js';
import { STATISTICS_SESSION_SETTINGS } from '../src/statistics.entities.js';

export const TEST_TIME_ZONE = 'Europe/Vienna';

/**
 * A throwaway database for one spec file with the statistics schema as its migrations build it (the rollup indexes
 * and the work_period range index are the migrations'), on connections set up as the service's.
 */
export async function statisticsTestDatabase(
  label: string,
): Promise<{ db: TestDatabase; ds: DataSource; close(): Promise<void> }> {
  const db = await createTestDatabase(label);
  await migrate(statisticsDatabase(db.url));
  const ds = await new DataSource(
    dataSourceOptions({ ...statisticsDatabase(db.url), sessionSettings: STATISTICS_SESSION_SETTINGS, poolSize: 4 }),
  ).initialize();
  return {
    db,
    ds,
    close: async () => {
      await ds.destroy();
      await db.drop();
    },
  };
}
