import { MigrationInterface, QueryRunner } from "typeorm";

export class CatalogueInit1795311920609 implements MigrationInterface {
    name = 'CatalogueInit1795311920609'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "catalogue"."outbox" ("id" BIGSERIAL NOT NULL, "subject" text NOT NULL, "payload" jsonb NOT NULL, "headers" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "publishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "outbox_unpublished_idx" ON "catalogue"."outbox"  ("id") WHERE "publishedAt" IS NULL`);
        await queryRunner.query(`CREATE TABLE "catalogue"."division" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" text NOT NULL, "name" text NOT NULL, "title" text, "description" text, "logo" jsonb, "weight" integer NOT NULL, CONSTRAINT "PK_b6f0d207e38106dbddabab3a078" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_division_identifier" ON "catalogue"."division"  ("identifier") `);
        await queryRunner.query(`CREATE TABLE "catalogue"."branch" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" text NOT NULL, "divisionId" integer, "name" text NOT NULL, "description" text, "street" text, "zipCode" text, "city" text, "country" text NOT NULL DEFAULT 'AT', "phone" text, "email" text, "website" text, "keywords" text, "latitude" numeric, "longitude" numeric, "timezone" text NOT NULL DEFAULT 'Europe/Vienna', "openingHours" jsonb NOT NULL, "deliveryHours" jsonb NOT NULL, "isDeliveryHoursEnabled" boolean NOT NULL DEFAULT false, "deliveryAreas" jsonb NOT NULL, "isTakeawayEnabled" boolean NOT NULL DEFAULT true, "isDeliveryEnabled" boolean NOT NULL DEFAULT false, "isDineInEnabled" boolean NOT NULL DEFAULT false, "isTableSelectionEnabled" boolean NOT NULL DEFAULT false, "isPreorderEnabled" boolean NOT NULL DEFAULT false, "isAppointmentRequired" boolean NOT NULL DEFAULT false, "isQuotationRequired" boolean NOT NULL DEFAULT false, "isPublic" boolean NOT NULL DEFAULT true, "isEnabled" boolean NOT NULL DEFAULT true, "orderableFrom" text, "closedMessage" text, "tagIds" integer array NOT NULL DEFAULT '{}', "images" jsonb NOT NULL, "logo" jsonb, "isDeliveryEmailRequired" boolean NOT NULL DEFAULT true, "isDeliveryPhoneRequired" boolean NOT NULL DEFAULT true, "isDeliveryAddressRequired" boolean NOT NULL DEFAULT true, "isDineInEmailRequired" boolean NOT NULL DEFAULT false, "isDineInPhoneRequired" boolean NOT NULL DEFAULT false, "isDineInAddressRequired" boolean NOT NULL DEFAULT false, "isTakeawayEmailRequired" boolean NOT NULL DEFAULT true, "isTakeawayPhoneRequired" boolean NOT NULL DEFAULT true, "isTakeawayAddressRequired" boolean NOT NULL DEFAULT false, "isCashEnabled" boolean NOT NULL DEFAULT true, "isATMCardEnabled" boolean NOT NULL DEFAULT false, "isHydroAGVoucherEnabled" boolean NOT NULL DEFAULT false, "isMollieEnabled" boolean NOT NULL DEFAULT false, "isDatatransEnabled" boolean NOT NULL DEFAULT false, "printOn" text NOT NULL DEFAULT 'confirmed', "apiKey" text NOT NULL, "weight" integer NOT NULL, CONSTRAINT "PK_2e39f426e2faefdaa93c5961976" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_branch_identifier" ON "catalogue"."branch"  ("identifier") `);
        await queryRunner.query(`CREATE INDEX "branch_public_idx" ON "catalogue"."branch"  ("isPublic") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_branch_api_key" ON "catalogue"."branch"  ("apiKey") `);
        await queryRunner.query(`CREATE TABLE "catalogue"."category" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" text NOT NULL, "description" text, "image" jsonb, "isEnabled" boolean NOT NULL DEFAULT true, "schedule" jsonb, "isVisibleWhenUnavailable" boolean NOT NULL DEFAULT false, "weight" integer NOT NULL, CONSTRAINT "PK_9c4e4a89e3674fc9f382d733f03" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "catalogue"."donatee" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" text NOT NULL, "name" text NOT NULL, "description" text, "image" jsonb, "website" text, "isEnabled" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_8fc637cc7f896fb7398a11c12ed" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_donatee_identifier" ON "catalogue"."donatee"  ("identifier") `);
        await queryRunner.query(`CREATE TABLE "catalogue"."menu" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" text NOT NULL, "availableFrom" TIMESTAMP WITH TIME ZONE NOT NULL, "branches" integer array NOT NULL DEFAULT '{}', "catalog" jsonb NOT NULL, CONSTRAINT "PK_35b2a8f47d153ff7a41860cceeb" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "catalogue"."product" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" text NOT NULL, "description" text, "type" text NOT NULL DEFAULT 'simple', "allergens" text, "images" jsonb NOT NULL, "price" numeric NOT NULL, "tax" numeric NOT NULL, "takeawayTax" numeric NOT NULL, "dineInTax" numeric NOT NULL, "unit" text NOT NULL DEFAULT 'piece', "alternativeUnits" jsonb NOT NULL, "minimumQuantity" numeric NOT NULL, "maximumQuantity" numeric, "quantityStepSize" numeric NOT NULL, "defaultQuantity" numeric, "defaultUnit" text, "pricing" numeric NOT NULL, "calculationModel" text NOT NULL DEFAULT 'fixed', "isEnabled" boolean NOT NULL DEFAULT true, "schedule" jsonb, "isVisibleWhenUnavailable" boolean NOT NULL DEFAULT false, "isPriceHidden" boolean NOT NULL DEFAULT false, "isStepByStep" boolean NOT NULL DEFAULT false, "config" jsonb NOT NULL, "weight" integer NOT NULL, CONSTRAINT "PK_bebc9158e480b949565b4dc7a82" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "product_type_idx" ON "catalogue"."product"  ("type") `);
        await queryRunner.query(`CREATE TABLE "catalogue"."shop_config" ("id" integer NOT NULL, "data" jsonb NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ba258abf5a55ee6855004b66dfd" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "catalogue"."table" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" text NOT NULL, "name" text NOT NULL, "branchId" integer NOT NULL, "seats" integer, CONSTRAINT "PK_28914b55c485fc2d7a101b1b2a4" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_table_identifier" ON "catalogue"."table"  ("identifier") `);
        await queryRunner.query(`CREATE TABLE "catalogue"."tag" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" text NOT NULL, "image" jsonb, "weight" integer NOT NULL, CONSTRAINT "PK_8e4052373c579afc1471f526760" PRIMARY KEY ("id"))`);
        await queryRunner.query(`ALTER TABLE "catalogue"."branch" ADD CONSTRAINT "FK_42c1b50c7b3af568697a86bac8e" FOREIGN KEY ("divisionId") REFERENCES "catalogue"."division"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "catalogue"."table" ADD CONSTRAINT "FK_7b5c12a3a170c888758cc8bbc99" FOREIGN KEY ("branchId") REFERENCES "catalogue"."branch"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "catalogue"."table" DROP CONSTRAINT "FK_7b5c12a3a170c888758cc8bbc99"`);
        await queryRunner.query(`ALTER TABLE "catalogue"."branch" DROP CONSTRAINT "FK_42c1b50c7b3af568697a86bac8e"`);
        await queryRunner.query(`DROP TABLE "catalogue"."tag"`);
        await queryRunner.query(`DROP INDEX "catalogue"."uq_table_identifier"`);
        await queryRunner.query(`DROP TABLE "catalogue"."table"`);
        await queryRunner.query(`DROP TABLE "catalogue"."shop_config"`);
        await queryRunner.query(`DROP INDEX "catalogue"."product_type_idx"`);
        await queryRunner.query(`DROP TABLE "catalogue"."product"`);
        await queryRunner.query(`DROP TABLE "catalogue"."menu"`);
        await queryRunner.query(`DROP INDEX "catalogue"."uq_donatee_identifier"`);
        await queryRunner.query(`DROP TABLE "catalogue"."donatee"`);
        await queryRunner.query(`DROP TABLE "catalogue"."category"`);
        await queryRunner.query(`DROP INDEX "catalogue"."uq_branch_api_key"`);
        await queryRunner.query(`DROP INDEX "catalogue"."branch_public_idx"`);
        await queryRunner.query(`DROP INDEX "catalogue"."uq_branch_identifier"`);
        await queryRunner.query(`DROP TABLE "catalogue"."branch"`);
        await queryRunner.query(`DROP INDEX "catalogue"."uq_division_identifier"`);
        await queryRunner.query(`DROP TABLE "catalogue"."division"`);
        await queryRunner.query(`DROP INDEX "catalogue"."outbox_unpublished_idx"`);
        await queryRunner.query(`DROP TABLE "catalogue"."outbox"`);
    }

}
