import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Daily rollups per calendar day in the shop's time zone, and the zone they were built in. They are filled from
 * rollup_hourly at the service's start (ensureDerivedRollups), which knows SHOP_TIME_ZONE; the visitor's day keeps
 * the branch its pages belonged to.
 */
export class StatisticsDailyRollups1796000000000 implements MigrationInterface {
  name = 'StatisticsDailyRollups1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "statistics"."rollup_daily" ("metric" text NOT NULL, "day" date NOT NULL, "branch" integer NOT NULL, "key" text NOT NULL, "value" numeric(20,3) NOT NULL, CONSTRAINT "PK_rollup_daily" PRIMARY KEY ("metric", "day", "branch", "key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "statistics"."rollup_state" ("id" integer NOT NULL, "timeZone" text NOT NULL, CONSTRAINT "PK_rollup_state" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`ALTER TABLE "statistics"."visitor_day" ADD "branch" integer NOT NULL DEFAULT '0'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "statistics"."visitor_day" DROP COLUMN "branch"`);
    await queryRunner.query(`DELETE FROM "statistics"."rollup_hourly" WHERE metric LIKE '%#hours'`);
    await queryRunner.query(`DROP TABLE "statistics"."rollup_state"`);
    await queryRunner.query(`DROP TABLE "statistics"."rollup_daily"`);
  }
}
