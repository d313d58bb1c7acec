import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rollups of the two work metrics (working-activities, working-schedules): seconds per hour, branch and user of the
 * ended work periods, kept by WorkPeriodsService as periods change; the running ones are read from work_period
 * through the new partial index, and the periods at a range's edges through a range index. The hourly rows are
 * built here from the periods kept so far; the recorded zone is cleared, so the service's next start builds their
 * daily and span layers (ensureDerivedRollups).
 */
export class StatisticsWorkRollups1796300000000 implements MigrationInterface {
  name = 'StatisticsWorkRollups1796300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "work_period_open_idx" ON "statistics"."work_period" ("kind") WHERE "endAt" IS NULL`,
    );
    // the periods overlapping a window (the minutes at a range's edges): WORK_RANGE of metric-sql.ts
    await queryRunner.query(
      `CREATE INDEX "work_period_range_idx" ON "statistics"."work_period"
       USING gist (tstzrange("startAt", CASE WHEN "endAt" < "startAt" THEN "startAt" ELSE "endAt" END))`,
    );
    await queryRunner.query(
      `DELETE FROM "statistics"."rollup_hourly" WHERE metric IN ('working-activities', 'working-schedules')`,
    );
    await queryRunner.query(
      `INSERT INTO "statistics"."rollup_hourly" (metric, hour, branch, key, value)
       SELECT CASE kind WHEN 'activity' THEN 'working-activities' ELSE 'working-schedules' END, h, branch,
         "userId"::text, sum(extract(epoch FROM least(h + interval '1 hour', "endAt") - greatest(h, "startAt")))
       FROM "statistics"."work_period",
         generate_series(date_bin('1 hour', "startAt", TIMESTAMPTZ '2000-01-01 00:00:00+00'), "endAt", interval '1 hour') AS h
       WHERE "endAt" IS NOT NULL AND least(h + interval '1 hour', "endAt") > greatest(h, "startAt")
       GROUP BY 1, 2, 3, 4`,
    );
    await queryRunner.query(`DELETE FROM "statistics"."rollup_state"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['rollup_hourly', 'rollup_daily', 'rollup_span'])
      await queryRunner.query(`DELETE FROM "statistics"."${table}" WHERE metric LIKE 'working-%'`);
    await queryRunner.query(`DROP INDEX "statistics"."work_period_range_idx"`);
    await queryRunner.query(`DROP INDEX "statistics"."work_period_open_idx"`);
  }
}
