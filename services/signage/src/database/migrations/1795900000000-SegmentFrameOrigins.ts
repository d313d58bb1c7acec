import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A web segment's allowed origins (the player's CSP `frame-src`); existing web segments allow their URL's origin. */
export class SegmentFrameOrigins1795900000000 implements MigrationInterface {
  name = 'SegmentFrameOrigins1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "signage"."segment" ADD "frameOrigins" text array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(
      `UPDATE "signage"."segment" SET "frameOrigins" = ARRAY[lower(substring("url" from '^(https?://[^/?#]+)'))]
        WHERE "type" = 'web' AND "url" ~ '^(https://|http://([^/?#]*\\.)?localhost(:[0-9]+)?([/?#]|$))'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "signage"."segment" DROP COLUMN "frameOrigins"`);
  }
}
