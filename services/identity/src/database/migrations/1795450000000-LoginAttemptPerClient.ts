import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed logins are counted per (username, client) with a growing lockout: a failure from one client no longer
 * locks the username for everyone. The rows are short-lived counters, so the table is recreated, not converted.
 */
export class LoginAttemptPerClient1795450000000 implements MigrationInterface {
  name = 'LoginAttemptPerClient1795450000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."login_attempt"`);
    await queryRunner.query(
      `CREATE TABLE "identity"."login_attempt" ("username" text NOT NULL, "client" text NOT NULL, "failures" integer NOT NULL DEFAULT '0', "lockouts" integer NOT NULL DEFAULT '0', "lockedUntil" TIMESTAMP WITH TIME ZONE, "lastFailureAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_login_attempt_username_client" PRIMARY KEY ("username", "client"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_login_attempt_lastFailureAt" ON "identity"."login_attempt" ("lastFailureAt")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."login_attempt"`);
    await queryRunner.query(
      `CREATE TABLE "identity"."login_attempt" ("username" text NOT NULL, "failures" integer NOT NULL DEFAULT '0', "lockedUntil" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_19340af5802652c2dc2afc61521" PRIMARY KEY ("username"))`,
    );
  }
}
