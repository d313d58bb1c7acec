import { MigrationInterface, QueryRunner } from "typeorm";

export class StatisticsLogsAnalytics1795326374153 implements MigrationInterface {
    name = 'StatisticsLogsAnalytics1795326374153'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "statistics"."outbox" ("id" BIGSERIAL NOT NULL, "subject" text NOT NULL, "payload" jsonb NOT NULL, "headers" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "publishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "outbox_unpublished_idx" ON "statistics"."outbox"  ("id") WHERE "publishedAt" IS NULL`);
        await queryRunner.query(`CREATE TABLE "statistics"."analytics_event" ("id" SERIAL NOT NULL, "batchId" uuid NOT NULL, "position" integer NOT NULL, "type" text NOT NULL, "action" text NOT NULL, "category" text NOT NULL DEFAULT '', "data" jsonb NOT NULL DEFAULT '{}', "occurredAt" TIMESTAMP WITH TIME ZONE NOT NULL, "receivedAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_29d5b2021997dfc387aa5a05ae6" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "analytics_event_occurred_idx" ON "statistics"."analytics_event"  ("occurredAt") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_analytics_event_batch" ON "statistics"."analytics_event"  ("batchId", "position") `);
        await queryRunner.query(`CREATE TABLE "statistics"."log" ("id" SERIAL NOT NULL, "level" text NOT NULL, "source" text NOT NULL, "code" text NOT NULL, "message" text NOT NULL, "context" jsonb NOT NULL DEFAULT '{}', "eventKey" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_350604cbdf991d5930d9e618fbd" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "log_level_idx" ON "statistics"."log"  ("level") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_log_event_key" ON "statistics"."log"  ("eventKey") `);
        await queryRunner.query(`CREATE INDEX "log_created_idx" ON "statistics"."log"  ("createdAt", "id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "statistics"."log_created_idx"`);
        await queryRunner.query(`DROP INDEX "statistics"."uq_log_event_key"`);
        await queryRunner.query(`DROP INDEX "statistics"."log_level_idx"`);
        await queryRunner.query(`DROP TABLE "statistics"."log"`);
        await queryRunner.query(`DROP INDEX "statistics"."uq_analytics_event_batch"`);
        await queryRunner.query(`DROP INDEX "statistics"."analytics_event_occurred_idx"`);
        await queryRunner.query(`DROP TABLE "statistics"."analytics_event"`);
        await queryRunner.query(`DROP INDEX "statistics"."outbox_unpublished_idx"`);
        await queryRunner.query(`DROP TABLE "statistics"."outbox"`);
    }

}
