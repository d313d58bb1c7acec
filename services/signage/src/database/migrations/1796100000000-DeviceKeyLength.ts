import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A TV's key has at least 32 characters (issue 37; a generated one has 32: 24 random bytes, base64url). A key chosen
 * shorter before the rule is replaced by a random one of 64 hex characters (two v4 UUIDs, 244 random bits, from
 * Postgres' own generator): that TV signs in again with the new key from its form (deploy/RUNBOOK.md). From then
 * on the database refuses a shorter key whoever writes it.
 */
export class DeviceKeyLength1796100000000 implements MigrationInterface {
  name = 'DeviceKeyLength1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "signage"."device" SET "key" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
        WHERE char_length("key") < 32`,
    );
    await queryRunner.query(
      `ALTER TABLE "signage"."device" ADD CONSTRAINT "device_key_length" CHECK (char_length("key") >= 32)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "signage"."device" DROP CONSTRAINT "device_key_length"`);
  }
}
