import { MigrationInterface, QueryRunner } from "typeorm";

export class SignageModel1795581837205 implements MigrationInterface {
    name = 'SignageModel1795581837205'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "signage"."outbox" ("id" BIGSERIAL NOT NULL, "subject" text NOT NULL, "payload" jsonb NOT NULL, "headers" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "publishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "outbox_unpublished_idx" ON "signage"."outbox"  ("id") WHERE "publishedAt" IS NULL`);
        await queryRunner.query(`CREATE TABLE "signage"."device" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" text NOT NULL, "name" text NOT NULL, "branchId" integer NOT NULL, "sceneId" integer, "powerSchedule" jsonb, "isEnabled" boolean NOT NULL DEFAULT true, "key" text NOT NULL, "lastSeenAt" TIMESTAMP WITH TIME ZONE, "currentSceneId" integer, "isScreenOn" boolean, "command" jsonb, CONSTRAINT "PK_2dc10972aa4e27c01378dad2c72" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "device_key_key" ON "signage"."device"  ("key") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "device_identifier_key" ON "signage"."device"  ("identifier") `);
        await queryRunner.query(`CREATE TABLE "signage"."command" ("id" SERIAL NOT NULL, "deviceId" integer NOT NULL, "type" text NOT NULL, "sceneId" integer, "state" text NOT NULL DEFAULT 'pending', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "acknowledgedAt" TIMESTAMP WITH TIME ZONE, "finishedAt" TIMESTAMP WITH TIME ZONE, "result" text, CONSTRAINT "PK_5bfa4e1cb54b62f512078f3e7cb" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "command_open_idx" ON "signage"."command"  ("expiresAt") WHERE "state" IN ('pending', 'acknowledged')`);
        await queryRunner.query(`CREATE INDEX "command_device_idx" ON "signage"."command"  ("deviceId", "id") `);
        await queryRunner.query(`CREATE TABLE "signage"."scene" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "path" text NOT NULL, "name" text NOT NULL, "background" text NOT NULL DEFAULT '#000000', "regions" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "PK_680b182e0d3bd68553f944295f4" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "scene_path_key" ON "signage"."scene"  ("path") `);
        await queryRunner.query(`CREATE TABLE "signage"."segment" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" text NOT NULL, "type" text NOT NULL, "image" jsonb, "url" text, "text" text, "durationSeconds" integer NOT NULL DEFAULT '10', "daypart" jsonb, "transition" text NOT NULL DEFAULT 'fade', CONSTRAINT "PK_d648ac58d8e0532689dfb8ad7ef" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "signage"."stream" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" text NOT NULL, "segments" integer array NOT NULL DEFAULT '{}', CONSTRAINT "PK_0dc9d7e04ff213c08a096f835f2" PRIMARY KEY ("id"))`);
        await queryRunner.query(`ALTER TABLE "signage"."command" ADD CONSTRAINT "FK_ca6d798efb31f95eef6b501e62a" FOREIGN KEY ("deviceId") REFERENCES "signage"."device"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "signage"."command" DROP CONSTRAINT "FK_ca6d798efb31f95eef6b501e62a"`);
        await queryRunner.query(`DROP TABLE "signage"."stream"`);
        await queryRunner.query(`DROP TABLE "signage"."segment"`);
        await queryRunner.query(`DROP INDEX "signage"."scene_path_key"`);
        await queryRunner.query(`DROP TABLE "signage"."scene"`);
        await queryRunner.query(`DROP INDEX "signage"."command_device_idx"`);
        await queryRunner.query(`DROP INDEX "signage"."command_open_idx"`);
        await queryRunner.query(`DROP TABLE "signage"."command"`);
        await queryRunner.query(`DROP INDEX "signage"."device_identifier_key"`);
        await queryRunner.query(`DROP INDEX "signage"."device_key_key"`);
        await queryRunner.query(`DROP TABLE "signage"."device"`);
        await queryRunner.query(`DROP INDEX "signage"."outbox_unpublished_idx"`);
        await queryRunner.query(`DROP TABLE "signage"."outbox"`);
    }

}
