import { MigrationInterface, QueryRunner } from "typeorm";

export class ContentImageTemplates1795584643857 implements MigrationInterface {
    name = 'ContentImageTemplates1795584643857'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "content"."image_template" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" text NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "background" text NOT NULL DEFAULT '#ffffff', "layers" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "PK_4bb1f1284941f8eeccd28d22ed4" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "image_template_identifier_key" ON "content"."image_template"  ("identifier") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "content"."image_template_identifier_key"`);
        await queryRunner.query(`DROP TABLE "content"."image_template"`);
    }

}
