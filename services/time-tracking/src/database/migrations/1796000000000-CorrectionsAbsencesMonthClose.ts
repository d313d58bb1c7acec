import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 41: corrections with their audit trail and requests, half-day absences, overnight shifts said by a flag,
 * public-holiday regions per branch, and the month close.
 */
export class CorrectionsAbsencesMonthClose1796000000000 implements MigrationInterface {
  name = 'CorrectionsAbsencesMonthClose1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // who recorded an activity: the activities before issue 41 count as the person's own entries
    await queryRunner.query(
      `ALTER TABLE "time_tracking"."working_activity" ADD "source" text NOT NULL DEFAULT 'entry'`,
    );
    await queryRunner.query(`ALTER TABLE "time_tracking"."working_activity" ADD "halfDay" boolean NOT NULL DEFAULT false`);
    // the night shifts planned before issue 41 (an end at or before the start) keep ending on the next day
    await queryRunner.query(
      `ALTER TABLE "time_tracking"."working_schedule" ADD "endsNextDay" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(`UPDATE "time_tracking"."working_schedule" SET "endsNextDay" = true WHERE "end" <= "start"`);
    await queryRunner.query(
      `CREATE TABLE "time_tracking"."working_activity_change" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "activityId" integer NOT NULL, "userId" integer NOT NULL, "branchId" integer NOT NULL, "action" text NOT NULL, "actorId" integer, "actorName" text, "reason" text, "before" jsonb, "after" jsonb, "requestId" integer, CONSTRAINT "PK_working_activity_change" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "working_activity_change_activity" ON "time_tracking"."working_activity_change" ("activityId", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "time_tracking"."correction_request" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "status" text NOT NULL DEFAULT 'pending', "action" text NOT NULL, "activityId" integer, "userId" integer NOT NULL, "branchId" integer NOT NULL, "reason" text NOT NULL, "requestedById" integer NOT NULL, "requestedByName" text NOT NULL, "before" jsonb, "proposed" jsonb, "endsNextDay" boolean NOT NULL DEFAULT false, "decidedById" integer, "decidedByName" text, "decidedAt" TIMESTAMP WITH TIME ZONE, "decisionNote" text, CONSTRAINT "PK_correction_request" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "correction_request_branch_status" ON "time_tracking"."correction_request" ("branchId", "status") `,
    );
    await queryRunner.query(
      `CREATE INDEX "correction_request_user" ON "time_tracking"."correction_request" ("userId", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "time_tracking"."month_close" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "branchId" integer NOT NULL, "month" text NOT NULL, "closed" boolean NOT NULL, "closedAt" TIMESTAMP WITH TIME ZONE, "closedById" integer, "closedByName" text, CONSTRAINT "PK_month_close" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "month_close_branch_month" ON "time_tracking"."month_close" ("branchId", "month") `,
    );
    await queryRunner.query(
      `CREATE TABLE "time_tracking"."month_close_event" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "branchId" integer NOT NULL, "month" text NOT NULL, "action" text NOT NULL, "actorId" integer NOT NULL, "actorName" text NOT NULL, "reason" text, CONSTRAINT "PK_month_close_event" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "month_close_event_branch_month" ON "time_tracking"."month_close_event" ("branchId", "month", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "time_tracking"."public_holiday_region" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "branchId" integer NOT NULL, "state" text, CONSTRAINT "PK_public_holiday_region" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "public_holiday_region_branch" ON "time_tracking"."public_holiday_region" ("branchId") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "time_tracking"."public_holiday_region"`);
    await queryRunner.query(`DROP TABLE "time_tracking"."month_close_event"`);
    await queryRunner.query(`DROP TABLE "time_tracking"."month_close"`);
    await queryRunner.query(`DROP TABLE "time_tracking"."correction_request"`);
    await queryRunner.query(`DROP TABLE "time_tracking"."working_activity_change"`);
    await queryRunner.query(`ALTER TABLE "time_tracking"."working_schedule" DROP COLUMN "endsNextDay"`);
    await queryRunner.query(`ALTER TABLE "time_tracking"."working_activity" DROP COLUMN "halfDay"`);
    await queryRunner.query(`ALTER TABLE "time_tracking"."working_activity" DROP COLUMN "source"`);
  }
}
