import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An administrator can lock a user (login answers 'Der Account ist gesperrt.'). */
export class UserLock1795400000002 implements MigrationInterface {
  name = 'UserLock1795400000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."user" ADD "isLocked" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."user" DROP COLUMN "isLocked"`);
  }
}
