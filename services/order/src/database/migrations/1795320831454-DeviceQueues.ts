import { MigrationInterface, QueryRunner } from "typeorm";

export class DeviceQueues1795320831454 implements MigrationInterface {
    name = 'DeviceQueues1795320831454'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "order"."device_queue" ("id" SERIAL NOT NULL, "deviceId" integer NOT NULL, "jobKey" text NOT NULL, "orderId" integer, "kind" text NOT NULL DEFAULT 'print', "status" text NOT NULL DEFAULT 'queued', "documents" jsonb NOT NULL, "token" text NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "lastError" text, "handedOutAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_93ec3f115db184daa0efcf4eb9b" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_device_queue_token" ON "order"."device_queue"  ("token") `);
        await queryRunner.query(`CREATE INDEX "device_queue_pending_idx" ON "order"."device_queue"  ("deviceId", "id") WHERE status IN ('queued', 'printing')`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_device_queue_job" ON "order"."device_queue"  ("deviceId", "jobKey") `);
        await queryRunner.query(`CREATE TABLE "order"."device_log" ("id" SERIAL NOT NULL, "deviceId" integer NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "message" text NOT NULL, "data" jsonb, CONSTRAINT "PK_3268dd456f4d48c4f20b28ba830" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "device_log_device_idx" ON "order"."device_log"  ("deviceId", "id") `);
        await queryRunner.query(`ALTER TABLE "order"."device" ADD "lastStatus" text`);
        await queryRunner.query(`ALTER TABLE "order"."device" ADD "logsRequestedAt" TIMESTAMP WITH TIME ZONE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "order"."device" DROP COLUMN "logsRequestedAt"`);
        await queryRunner.query(`ALTER TABLE "order"."device" DROP COLUMN "lastStatus"`);
        await queryRunner.query(`DROP INDEX "order"."device_log_device_idx"`);
        await queryRunner.query(`DROP TABLE "order"."device_log"`);
        await queryRunner.query(`DROP INDEX "order"."uq_device_queue_job"`);
        await queryRunner.query(`DROP INDEX "order"."device_queue_pending_idx"`);
        await queryRunner.query(`DROP INDEX "order"."uq_device_queue_token"`);
        await queryRunner.query(`DROP TABLE "order"."device_queue"`);
    }

}
