import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 19: the working-time law rule set per division (Austria unless a division is set otherwise). */
export class WorkingTimeSettings1795700000000 implements MigrationInterface {
  name = 'WorkingTimeSettings1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "time_tracking"."working_time_setting" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "division" integer NOT NULL, "ruleSet" text NOT NULL DEFAULT 'AT', CONSTRAINT "PK_0aa452aea327e297cd9f77b85fc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "working_time_setting_division" ON "time_tracking"."working_time_setting" ("division") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "time_tracking"."working_time_setting_division"`);
    await queryRunner.query(`DROP TABLE "time_tracking"."working_time_setting"`);
  }
}
