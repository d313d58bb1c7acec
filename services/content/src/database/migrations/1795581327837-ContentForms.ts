import { MigrationInterface, QueryRunner } from "typeorm";

export class ContentForms1795581327837 implements MigrationInterface {
    name = 'ContentForms1795581327837'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "content"."form_submission" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "nodeId" integer NOT NULL, "formName" text NOT NULL, "values" jsonb NOT NULL DEFAULT '{}', CONSTRAINT "PK_afdf6f86e3747141dd75876e027" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "form_submission_node_idx" ON "content"."form_submission"  ("nodeId") `);
        await queryRunner.query(`CREATE INDEX "form_submission_created_idx" ON "content"."form_submission"  ("createdAt") `);
        await queryRunner.query(`CREATE TABLE "content"."job_completion" ("jobId" text NOT NULL, "completedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c07935e46e70af8f76f4a7b3dc3" PRIMARY KEY ("jobId"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "content"."job_completion"`);
        await queryRunner.query(`DROP INDEX "content"."form_submission_created_idx"`);
        await queryRunner.query(`DROP INDEX "content"."form_submission_node_idx"`);
        await queryRunner.query(`DROP TABLE "content"."form_submission"`);
    }

}
