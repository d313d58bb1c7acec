import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One-time login links (hashed tokens, 10 minutes, single use). */
export class LoginLinks1795400000000 implements MigrationInterface {
  name = 'LoginLinks1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "identity"."login_link" ("id" SERIAL NOT NULL, "tokenHash" text NOT NULL, "userId" integer NOT NULL, "createdBy" integer, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "usedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_649f9177c9ef00bea8ef0b04a20" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_login_link_token_hash" ON "identity"."login_link" ("tokenHash") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."uq_login_link_token_hash"`);
    await queryRunner.query(`DROP TABLE "identity"."login_link"`);
  }
}
