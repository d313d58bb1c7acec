import { MigrationInterface, QueryRunner } from "typeorm";

export class IdentityInit1795311982134 implements MigrationInterface {
    name = 'IdentityInit1795311982134'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "identity"."outbox" ("id" BIGSERIAL NOT NULL, "subject" text NOT NULL, "payload" jsonb NOT NULL, "headers" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "publishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "outbox_unpublished_idx" ON "identity"."outbox"  ("id") WHERE "publishedAt" IS NULL`);
        await queryRunner.query(`CREATE TABLE "identity"."login_attempt" ("username" text NOT NULL, "failures" integer NOT NULL DEFAULT '0', "lockedUntil" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_19340af5802652c2dc2afc61521" PRIMARY KEY ("username"))`);
        await queryRunner.query(`CREATE TABLE "identity"."department" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" text NOT NULL, "name" text NOT NULL, "branchId" integer, CONSTRAINT "PK_9a2213262c1593bffb581e382f5" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_department_identifier" ON "identity"."department"  ("identifier") `);
        await queryRunner.query(`CREATE TABLE "identity"."user" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "username" text NOT NULL, "email" text, "firstName" text, "lastName" text, "roles" text array NOT NULL, "branches" integer array NOT NULL DEFAULT '{}', "departmentId" integer, "isEnabled" boolean NOT NULL DEFAULT true, "expiresAt" TIMESTAMP WITH TIME ZONE, "passwordHash" text NOT NULL, CONSTRAINT "PK_cace4a159ff9f2512dd42373760" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_user_username" ON "identity"."user"  ("username") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "identity"."uq_user_username"`);
        await queryRunner.query(`DROP TABLE "identity"."user"`);
        await queryRunner.query(`DROP INDEX "identity"."uq_department_identifier"`);
        await queryRunner.query(`DROP TABLE "identity"."department"`);
        await queryRunner.query(`DROP TABLE "identity"."login_attempt"`);
        await queryRunner.query(`DROP INDEX "identity"."outbox_unpublished_idx"`);
        await queryRunner.query(`DROP TABLE "identity"."outbox"`);
    }

}
