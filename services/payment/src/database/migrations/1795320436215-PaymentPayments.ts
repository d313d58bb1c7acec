import { MigrationInterface, QueryRunner } from "typeorm";

export class PaymentPayments1795320436215 implements MigrationInterface {
    name = 'PaymentPayments1795320436215'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "payment"."outbox" ("id" BIGSERIAL NOT NULL, "subject" text NOT NULL, "payload" jsonb NOT NULL, "headers" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "publishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "outbox_unpublished_idx" ON "payment"."outbox"  ("id") WHERE "publishedAt" IS NULL`);
        await queryRunner.query(`CREATE TABLE "payment"."payment" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "orderId" integer NOT NULL, "reference" text NOT NULL, "provider" text NOT NULL, "providerPaymentId" text, "status" text NOT NULL, "amount" numeric(12,2) NOT NULL, "currency" text NOT NULL, "checkoutUrl" text, "successPath" text NOT NULL, "failurePath" text NOT NULL, "providerStatus" text, "settledAt" TIMESTAMP WITH TIME ZONE, "lastCheckedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_fcaec7df5adf9cac408c686b2ab" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "payment_order_idx" ON "payment"."payment"  ("orderId") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_payment_reference" ON "payment"."payment"  ("reference") `);
        await queryRunner.query(`CREATE INDEX "payment_status_idx" ON "payment"."payment"  ("status") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_payment_provider_id" ON "payment"."payment"  ("provider", "providerPaymentId") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "payment"."uq_payment_provider_id"`);
        await queryRunner.query(`DROP INDEX "payment"."payment_status_idx"`);
        await queryRunner.query(`DROP INDEX "payment"."uq_payment_reference"`);
        await queryRunner.query(`DROP INDEX "payment"."payment_order_idx"`);
        await queryRunner.query(`DROP TABLE "payment"."payment"`);
        await queryRunner.query(`DROP INDEX "payment"."outbox_unpublished_idx"`);
        await queryRunner.query(`DROP TABLE "payment"."outbox"`);
    }

}
