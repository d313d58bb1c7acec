import { MigrationInterface, QueryRunner } from "typeorm";

export class Devices1795318389170 implements MigrationInterface {
    name = 'Devices1795318389170'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "order"."device" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" text NOT NULL, "name" text NOT NULL, "type" text NOT NULL, "branchId" integer NOT NULL, "protocol" text, "printFormat" text NOT NULL DEFAULT 'star', "pollIntervalSeconds" integer NOT NULL DEFAULT '5', "isEnabled" boolean NOT NULL DEFAULT true, "apiKey" text NOT NULL, "lastSeenAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2dc10972aa4e27c01378dad2c72" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_device_identifier" ON "order"."device"  ("identifier") `);
        await queryRunner.query(`CREATE INDEX "device_branch_idx" ON "order"."device"  ("branchId") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_device_api_key" ON "order"."device"  ("apiKey") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "order"."uq_device_api_key"`);
        await queryRunner.query(`DROP INDEX "order"."device_branch_idx"`);
        await queryRunner.query(`DROP INDEX "order"."uq_device_identifier"`);
        await queryRunner.query(`DROP TABLE "order"."device"`);
    }

}
