import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A work period is kept as its stretches (an activity between its pauses, a schedule around its break): one row
 * per stretch, numbered within its activity or schedule.
 */
export class StatisticsWorkSegments1795900000000 implements MigrationInterface {
  name = 'StatisticsWorkSegments1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "statistics"."work_period" ADD "segment" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "statistics"."work_period" DROP CONSTRAINT "PK_92a55a5f32904f38883cbe0ceea"`);
    await queryRunner.query(
      `ALTER TABLE "statistics"."work_period" ADD CONSTRAINT "PK_work_period" PRIMARY KEY ("kind", "sourceId", "segment")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "statistics"."work_period" WHERE "segment" > 0`);
    await queryRunner.query(`ALTER TABLE "statistics"."work_period" DROP CONSTRAINT "PK_work_period"`);
    await queryRunner.query(
      `ALTER TABLE "statistics"."work_period" ADD CONSTRAINT "PK_92a55a5f32904f38883cbe0ceea" PRIMARY KEY ("kind", "sourceId")`,
    );
    await queryRunner.query(`ALTER TABLE "statistics"."work_period" DROP COLUMN "segment"`);
  }
}
