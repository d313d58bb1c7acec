import { MigrationInterface, QueryRunner } from "typeorm";

export class ContentImages1795326567898 implements MigrationInterface {
    name = 'ContentImages1795326567898'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "content"."image" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "extension" text NOT NULL, "mimeType" text NOT NULL, "name" text NOT NULL DEFAULT '', "alt" text NOT NULL DEFAULT '', "width" integer NOT NULL, "height" integer NOT NULL, "size" integer NOT NULL, CONSTRAINT "PK_d6db1ab4ee9ad9dbe86c64e4cc3" PRIMARY KEY ("id"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "content"."image"`);
    }

}
