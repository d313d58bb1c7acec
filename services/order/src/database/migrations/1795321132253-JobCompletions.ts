import { MigrationInterface, QueryRunner } from "typeorm";

export class JobCompletions1795321132253 implements MigrationInterface {
    name = 'JobCompletions1795321132253'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "order"."job_completion" ("jobId" text NOT NULL, "completedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c07935e46e70af8f76f4a7b3dc3" PRIMARY KEY ("jobId"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "order"."job_completion"`);
    }

}
