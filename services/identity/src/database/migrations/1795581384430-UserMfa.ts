import { MigrationInterface, QueryRunner } from "typeorm";

export class UserMfa1795581384430 implements MigrationInterface {
    name = 'UserMfa1795581384430'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "identity"."user_mfa" ("userId" integer NOT NULL, "secret" text NOT NULL, "enabledAt" TIMESTAMP WITH TIME ZONE, "lastTimeStep" bigint, "recoveryCodeHashes" text array NOT NULL DEFAULT '{}', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_88df7f11b763ca17e13f21a1622" PRIMARY KEY ("userId"))`);
        await queryRunner.query(`ALTER TABLE "identity"."user" ADD "credentialsChangedAt" TIMESTAMP WITH TIME ZONE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "identity"."user" DROP COLUMN "credentialsChangedAt"`);
        await queryRunner.query(`DROP TABLE "identity"."user_mfa"`);
    }

}
