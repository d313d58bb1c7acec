import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Why a TV shows its idle screen, as its player last reported (issue 42): the back office's TV list names it. */
export class DeviceIdleReason1796569052134 implements MigrationInterface {
  name = 'DeviceIdleReason1796569052134';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "signage"."device" ADD "idleReason" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "signage"."device" DROP COLUMN "idleReason"`);
  }
}
