import { MigrationInterface, QueryRunner } from "typeorm";

export class ContentUploads1795317277422 implements MigrationInterface {
    name = 'ContentUploads1795317277422'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "content"."outbox" ("id" BIGSERIAL NOT NULL, "subject" text NOT NULL, "payload" jsonb NOT NULL, "headers" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "publishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "outbox_unpublished_idx" ON "content"."outbox"  ("id") WHERE "publishedAt" IS NULL`);
        await queryRunner.query(`CREATE TABLE "content"."upload" ("id" SERIAL NOT NULL, "version" integer NOT NULL DEFAULT '1', "extension" text NOT NULL, "mimeType" text NOT NULL, "publicHash" text NOT NULL, "size" integer NOT NULL, "originalName" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1fe8db121b3de4ddfa677fc51f3" PRIMARY KEY ("id"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "content"."upload"`);
        await queryRunner.query(`DROP INDEX "content"."outbox_unpublished_idx"`);
        await queryRunner.query(`DROP TABLE "content"."outbox"`);
    }

}
