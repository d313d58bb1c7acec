import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Weekly and monthly rollups of the keyed metrics (a long range's top list reads a few weeks and months instead of
 * every day: event-flow has ~1,300 pairs a day) and the monthly weekday × hour grid of orders and visits, per
 * calendar week or month in the shop's time zone. The recorded zone is cleared, so the service's next start builds
 * them (and the daily keyless totals) from rollup_hourly (ensureDerivedRollups).
 */
export class StatisticsSpanRollups1796200000000 implements MigrationInterface {
  name = 'StatisticsSpanRollups1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "statistics"."rollup_span" ("metric" text NOT NULL, "span" text NOT NULL, "start" date NOT NULL, "branch" integer NOT NULL, "key" text NOT NULL, "value" numeric(20,3) NOT NULL, CONSTRAINT "PK_rollup_span" PRIMARY KEY ("metric", "span", "start", "branch", "key"))`,
    );
    await queryRunner.query(`DELETE FROM "statistics"."rollup_state"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "statistics"."rollup_daily" WHERE metric LIKE '%#hours'`);
    await queryRunner.query(`DROP TABLE "statistics"."rollup_span"`);
  }
}
