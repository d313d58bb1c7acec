import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Customers and external users (identities administered in the back office). */
export class CustomersExternalUsers1795400000001 implements MigrationInterface {
  name = 'CustomersExternalUsers1795400000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "identity"."customer" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "firstName" text, "lastName" text, "companyName" text, "email" text, "phone" text, "street" text, "zipCode" text, "city" text, "country" text NOT NULL DEFAULT 'AT', "vatNumber" text, "branchId" integer, "notes" text, "isEnabled" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_a7a13f4cacb744524e44dfdad32" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "identity"."external_user" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "username" text NOT NULL, "email" text, "firstName" text, "lastName" text, "company" text, "phone" text, "notes" text, "isEnabled" boolean NOT NULL DEFAULT true, "expiresAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_ca5f437dd8b664627e45ec63369" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_external_user_username" ON "identity"."external_user" ("username") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."uq_external_user_username"`);
    await queryRunner.query(`DROP TABLE "identity"."external_user"`);
    await queryRunner.query(`DROP TABLE "identity"."customer"`);
  }
}
