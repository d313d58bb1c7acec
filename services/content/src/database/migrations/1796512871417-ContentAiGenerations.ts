import { MigrationInterface, QueryRunner } from "typeorm";

export class ContentAiGenerations1796512871417 implements MigrationInterface {
    name = 'ContentAiGenerations1796512871417'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "content"."ai_generation" ("id" uuid NOT NULL, "userId" integer NOT NULL, "kind" text NOT NULL, "inputHash" text NOT NULL, "input" jsonb NOT NULL, "status" text NOT NULL DEFAULT 'queued', "content" jsonb, "image" jsonb, "message" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_ad99b4a9bf14f66d0b914c0d453" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "ai_generation_user_created_idx" ON "content"."ai_generation"  ("userId", "createdAt") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "content"."ai_generation_user_created_idx"`);
        await queryRunner.query(`DROP TABLE "content"."ai_generation"`);
    }

}
