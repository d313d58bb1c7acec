import { MigrationInterface, QueryRunner } from "typeorm";

export class OrderInit1795314392604 implements MigrationInterface {
    name = 'OrderInit1795314392604'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "order"."outbox" ("id" BIGSERIAL NOT NULL, "subject" text NOT NULL, "payload" jsonb NOT NULL, "headers" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "publishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "outbox_unpublished_idx" ON "order"."outbox"  ("id") WHERE "publishedAt" IS NULL`);
        await queryRunner.query(`CREATE TABLE "order"."idempotency_key" ("key" text NOT NULL, "requestHash" text NOT NULL, "status" integer NOT NULL, "response" jsonb NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fc9ce4ebc11d09b2e28198f69b8" PRIMARY KEY ("key"))`);
        await queryRunner.query(`CREATE TABLE "order"."order_item" ("orderId" integer NOT NULL, "position" integer NOT NULL, "productId" integer NOT NULL, "name" text NOT NULL, "amount" numeric NOT NULL, "unit" text NOT NULL, "parts" json NOT NULL, "gross" numeric(12,2) NOT NULL, "taxRate" numeric(5,2) NOT NULL, CONSTRAINT "PK_a416607ea22af382546c7b27b7c" PRIMARY KEY ("orderId", "position"))`);
        await queryRunner.query(`CREATE TABLE "order"."order" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "uid" text NOT NULL, "hash" text NOT NULL, "branchId" integer NOT NULL, "ticketNumber" integer NOT NULL, "isDelivery" boolean NOT NULL DEFAULT false, "isDineIn" boolean NOT NULL DEFAULT false, "tableIdentifier" text, "paymentMethod" text NOT NULL, "isPaid" boolean NOT NULL DEFAULT false, "isRefunded" boolean NOT NULL DEFAULT false, "isConfirmed" boolean NOT NULL DEFAULT false, "isRejected" boolean NOT NULL DEFAULT false, "rejectionMessage" text, "isCanceled" boolean NOT NULL DEFAULT false, "isInDelivery" boolean NOT NULL DEFAULT false, "isDelivered" boolean NOT NULL DEFAULT false, "isCompleted" boolean NOT NULL DEFAULT false, "isFailed" boolean NOT NULL DEFAULT false, "appointmentDate" TIMESTAMP WITH TIME ZONE, "appointment" TIMESTAMP WITH TIME ZONE, "counterAppointment" TIMESTAMP WITH TIME ZONE, "customer" jsonb NOT NULL, "donateeId" integer, "deliveryArea" text, "pricing" jsonb NOT NULL, "totalGross" numeric(12,2) NOT NULL, "questionnaire" jsonb, "paymentRedirectUrl" text, "printCount" integer NOT NULL DEFAULT '0', "emailCount" integer NOT NULL DEFAULT '0', "smsCount" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_1031171c13130102495201e3e20" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_order_uid" ON "order"."order"  ("uid") `);
        await queryRunner.query(`CREATE INDEX "order_branch_created_idx" ON "order"."order"  ("branchId", "createdAt") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_order_branch_ticket" ON "order"."order"  ("branchId", "ticketNumber") `);
        await queryRunner.query(`CREATE TABLE "order"."ticket_counter" ("branchId" integer NOT NULL, "last" integer NOT NULL, CONSTRAINT "PK_2dc0d67e449f1afdb20f8633140" PRIMARY KEY ("branchId"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "order"."ticket_counter"`);
        await queryRunner.query(`DROP INDEX "order"."uq_order_branch_ticket"`);
        await queryRunner.query(`DROP INDEX "order"."order_branch_created_idx"`);
        await queryRunner.query(`DROP INDEX "order"."uq_order_uid"`);
        await queryRunner.query(`DROP TABLE "order"."order"`);
        await queryRunner.query(`DROP TABLE "order"."order_item"`);
        await queryRunner.query(`DROP TABLE "order"."idempotency_key"`);
        await queryRunner.query(`DROP INDEX "order"."outbox_unpublished_idx"`);
        await queryRunner.query(`DROP TABLE "order"."outbox"`);
    }

}
