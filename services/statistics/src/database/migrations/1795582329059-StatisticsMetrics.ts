import { MigrationInterface, QueryRunner } from "typeorm";

export class StatisticsMetrics1795582329059 implements MigrationInterface {
    name = 'StatisticsMetrics1795582329059'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "statistics"."rollup_hourly" ("metric" text NOT NULL, "hour" TIMESTAMP WITH TIME ZONE NOT NULL, "branch" integer NOT NULL, "key" text NOT NULL, "value" numeric(20,3) NOT NULL, CONSTRAINT "PK_a2285ca2364972f444510b27593" PRIMARY KEY ("metric", "hour", "branch", "key"))`);
        await queryRunner.query(`CREATE TABLE "statistics"."visitor_day" ("day" date NOT NULL, "visitorId" text NOT NULL, "lastPage" text, "lastHour" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_71b55e2074731d98531b0435f03" PRIMARY KEY ("day", "visitorId"))`);
        await queryRunner.query(`CREATE TABLE "statistics"."order_fact" ("id" integer NOT NULL, "branch" integer NOT NULL, "origin" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL, "totalCents" bigint NOT NULL, "canceled" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_0a1f26ec9c14a33e5e8ab725aa1" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "order_fact_created_idx" ON "statistics"."order_fact"  ("createdAt") `);
        await queryRunner.query(`CREATE TABLE "statistics"."order_item_fact" ("orderId" integer NOT NULL, "position" integer NOT NULL, "productId" integer NOT NULL, "name" text NOT NULL, "quantity" numeric(12,3) NOT NULL, "grossCents" bigint NOT NULL, CONSTRAINT "PK_9e837f142e85644f751f6fafde3" PRIMARY KEY ("orderId", "position"))`);
        await queryRunner.query(`CREATE TABLE "statistics"."work_period" ("kind" text NOT NULL, "sourceId" integer NOT NULL, "userId" integer NOT NULL, "branch" integer NOT NULL DEFAULT '0', "startAt" TIMESTAMP WITH TIME ZONE NOT NULL, "endAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_92a55a5f32904f38883cbe0ceea" PRIMARY KEY ("kind", "sourceId"))`);
        await queryRunner.query(`CREATE INDEX "work_period_user_idx" ON "statistics"."work_period"  ("userId", "startAt") `);
        await queryRunner.query(`ALTER TABLE "statistics"."analytics_event" ADD "visitorId" text`);
        await queryRunner.query(`ALTER TABLE "statistics"."analytics_event" ADD "site" text`);
        await queryRunner.query(`ALTER TABLE "statistics"."analytics_event" ADD "page" text`);
        await queryRunner.query(`ALTER TABLE "statistics"."analytics_event" ADD "browser" text`);
        await queryRunner.query(`ALTER TABLE "statistics"."analytics_event" ADD "os" text`);
        await queryRunner.query(`ALTER TABLE "statistics"."analytics_event" ADD "branch" integer NOT NULL DEFAULT '0'`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "statistics"."analytics_event" DROP COLUMN "branch"`);
        await queryRunner.query(`ALTER TABLE "statistics"."analytics_event" DROP COLUMN "os"`);
        await queryRunner.query(`ALTER TABLE "statistics"."analytics_event" DROP COLUMN "browser"`);
        await queryRunner.query(`ALTER TABLE "statistics"."analytics_event" DROP COLUMN "page"`);
        await queryRunner.query(`ALTER TABLE "statistics"."analytics_event" DROP COLUMN "site"`);
        await queryRunner.query(`ALTER TABLE "statistics"."analytics_event" DROP COLUMN "visitorId"`);
        await queryRunner.query(`DROP INDEX "statistics"."work_period_user_idx"`);
        await queryRunner.query(`DROP TABLE "statistics"."work_period"`);
        await queryRunner.query(`DROP TABLE "statistics"."order_item_fact"`);
        await queryRunner.query(`DROP INDEX "statistics"."order_fact_created_idx"`);
        await queryRunner.query(`DROP TABLE "statistics"."order_fact"`);
        await queryRunner.query(`DROP TABLE "statistics"."visitor_day"`);
        await queryRunner.query(`DROP TABLE "statistics"."rollup_hourly"`);
    }

}
