import { MigrationInterface, QueryRunner } from "typeorm";

export class TimeTrackingInitial1795581242065 implements MigrationInterface {
    name = 'TimeTrackingInitial1795581242065'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "time_tracking"."outbox" ("id" BIGSERIAL NOT NULL, "subject" text NOT NULL, "payload" jsonb NOT NULL, "headers" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "publishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "outbox_unpublished_idx" ON "time_tracking"."outbox"  ("id") WHERE "publishedAt" IS NULL`);
        await queryRunner.query(`CREATE TABLE "time_tracking"."working_activity" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "userId" integer NOT NULL, "branchId" integer NOT NULL, "projectId" integer, "taskId" integer, "kind" text NOT NULL DEFAULT 'work', "start" TIMESTAMP WITH TIME ZONE NOT NULL, "end" TIMESTAMP WITH TIME ZONE, "pauses" jsonb NOT NULL DEFAULT '[]', "note" text, "warnings" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "PK_352df90f0db1f0a5bf6e8b50881" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "working_activity_branch_start" ON "time_tracking"."working_activity"  ("branchId", "start") `);
        await queryRunner.query(`CREATE INDEX "working_activity_user_start" ON "time_tracking"."working_activity"  ("userId", "start") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "working_activity_one_open_per_user" ON "time_tracking"."working_activity"  ("userId") WHERE "end" IS NULL`);
        await queryRunner.query(`CREATE TABLE "time_tracking"."project" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" text NOT NULL, "description" text, "branchId" integer, "isActive" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_4d68b1358bb5b766d3e78f32f57" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "time_tracking"."task" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "projectId" integer NOT NULL, "name" text NOT NULL, "description" text, "status" text NOT NULL DEFAULT 'open', "assignees" integer array NOT NULL DEFAULT '{}', CONSTRAINT "PK_fb213f79ee45060ba925ecd576e" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "task_project" ON "time_tracking"."task"  ("projectId") `);
        await queryRunner.query(`CREATE TABLE "time_tracking"."working_schedule" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "userId" integer NOT NULL, "branchId" integer NOT NULL, "date" date NOT NULL, "start" text NOT NULL, "end" text NOT NULL, "breakMinutes" integer NOT NULL DEFAULT '0', "note" text, CONSTRAINT "PK_4d50677c666eaaabb59cfe6ae30" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "working_schedule_branch_date" ON "time_tracking"."working_schedule"  ("branchId", "date") `);
        await queryRunner.query(`CREATE INDEX "working_schedule_user_date" ON "time_tracking"."working_schedule"  ("userId", "date") `);
        await queryRunner.query(`CREATE TABLE "time_tracking"."time_clock" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "branchId" integer NOT NULL, "name" text NOT NULL, "key" text NOT NULL, CONSTRAINT "PK_7f1b703d48529a8ac3298f5bf48" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "time_clock_key" ON "time_tracking"."time_clock"  ("key") `);
        await queryRunner.query(`CREATE TABLE "time_tracking"."access_token" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "userId" integer NOT NULL, "username" text NOT NULL, "tokenHash" text NOT NULL, "revokedAt" TIMESTAMP WITH TIME ZONE, "failedAttempts" integer NOT NULL DEFAULT '0', "lockedUntil" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_f20f028607b2603deabd8182d12" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "access_token_username" ON "time_tracking"."access_token"  ("username") `);
        await queryRunner.query(`CREATE TABLE "time_tracking"."clock_event" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "userId" integer NOT NULL, "idempotencyKey" text NOT NULL, "action" text NOT NULL, "activityId" integer, CONSTRAINT "PK_c6cb59fce8d1bd5e3ec567054bc" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "clock_event_user_key" ON "time_tracking"."clock_event"  ("userId", "idempotencyKey") `);
        await queryRunner.query(`CREATE TABLE "time_tracking"."holiday_entitlement" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "userId" integer NOT NULL, "year" integer NOT NULL, "daysPerYear" real NOT NULL, "partTimeFactor" real NOT NULL DEFAULT '1', "employedFrom" date, "employedTo" date, "carryOverDays" real NOT NULL DEFAULT '0', "carryOverExpires" date, CONSTRAINT "PK_8379a03f87b7c14520edc59cbb8" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "holiday_entitlement_user_year" ON "time_tracking"."holiday_entitlement"  ("userId", "year") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "time_tracking"."holiday_entitlement_user_year"`);
        await queryRunner.query(`DROP TABLE "time_tracking"."holiday_entitlement"`);
        await queryRunner.query(`DROP INDEX "time_tracking"."clock_event_user_key"`);
        await queryRunner.query(`DROP TABLE "time_tracking"."clock_event"`);
        await queryRunner.query(`DROP INDEX "time_tracking"."access_token_username"`);
        await queryRunner.query(`DROP TABLE "time_tracking"."access_token"`);
        await queryRunner.query(`DROP INDEX "time_tracking"."time_clock_key"`);
        await queryRunner.query(`DROP TABLE "time_tracking"."time_clock"`);
        await queryRunner.query(`DROP INDEX "time_tracking"."working_schedule_user_date"`);
        await queryRunner.query(`DROP INDEX "time_tracking"."working_schedule_branch_date"`);
        await queryRunner.query(`DROP TABLE "time_tracking"."working_schedule"`);
        await queryRunner.query(`DROP INDEX "time_tracking"."task_project"`);
        await queryRunner.query(`DROP TABLE "time_tracking"."task"`);
        await queryRunner.query(`DROP TABLE "time_tracking"."project"`);
        await queryRunner.query(`DROP INDEX "time_tracking"."working_activity_one_open_per_user"`);
        await queryRunner.query(`DROP INDEX "time_tracking"."working_activity_user_start"`);
        await queryRunner.query(`DROP INDEX "time_tracking"."working_activity_branch_start"`);
        await queryRunner.query(`DROP TABLE "time_tracking"."working_activity"`);
        await queryRunner.query(`DROP INDEX "time_tracking"."outbox_unpublished_idx"`);
        await queryRunner.query(`DROP TABLE "time_tracking"."outbox"`);
    }

}
