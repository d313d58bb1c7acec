import { MigrationInterface, QueryRunner } from "typeorm";

export class ContentNodeName1795868199073 implements MigrationInterface {
    name = 'ContentNodeName1795868199073'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "content"."node" ADD "name" text`);
        // the nodes saved so far: their content's name (a list searched by name finds them too)
        await queryRunner.query(`UPDATE "content"."node" SET "name" = "content"->>'name'`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "content"."node" DROP COLUMN "name"`);
    }

}
