import { MigrationInterface, QueryRunner } from "typeorm";

export class ContentPages1795571729616 implements MigrationInterface {
    name = 'ContentPages1795571729616'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "content"."block" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" text NOT NULL, "type" text NOT NULL, "isPublic" boolean NOT NULL DEFAULT true, "content" jsonb NOT NULL DEFAULT '{}', CONSTRAINT "UQ_1ed5a8d416167d7a985f7d1e85c" UNIQUE ("identifier"), CONSTRAINT "PK_d0925763efb591c2e2ffb267572" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "content"."navigation" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "website" text NOT NULL DEFAULT 'storefront', "identifier" text NOT NULL, "items" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "PK_a7c90881db5205ad8d6b86ffef7" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "navigation_website_identifier_key" ON "content"."navigation"  ("website", "identifier") `);
        await queryRunner.query(`CREATE TABLE "content"."node" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" text, "type" text NOT NULL, "isPublic" boolean NOT NULL DEFAULT false, "content" jsonb NOT NULL DEFAULT '{}', CONSTRAINT "PK_8c8caf5f29d25264abe9eaf94dd" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "node_identifier_key" ON "content"."node"  ("identifier") WHERE "identifier" IS NOT NULL`);
        await queryRunner.query(`CREATE TABLE "content"."redirect" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "website" text NOT NULL DEFAULT 'storefront', "source" text NOT NULL, "target" text NOT NULL, "status" integer NOT NULL DEFAULT '301', CONSTRAINT "PK_36fa169d0f5d2761cdc3ab33b5e" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "redirect_website_source_key" ON "content"."redirect"  ("website", "source") `);
        await queryRunner.query(`CREATE TABLE "content"."site" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "website" text NOT NULL DEFAULT 'storefront', "path" text NOT NULL, "name" text NOT NULL, "type" text NOT NULL DEFAULT 'default', "layout" text NOT NULL DEFAULT 'simple', "isPublic" boolean NOT NULL DEFAULT false, "content" jsonb NOT NULL DEFAULT '{}', CONSTRAINT "PK_635c0eeabda8862d5b0237b42b4" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "site_website_path_key" ON "content"."site"  ("website", "path") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "content"."site_website_path_key"`);
        await queryRunner.query(`DROP TABLE "content"."site"`);
        await queryRunner.query(`DROP INDEX "content"."redirect_website_source_key"`);
        await queryRunner.query(`DROP TABLE "content"."redirect"`);
        await queryRunner.query(`DROP INDEX "content"."node_identifier_key"`);
        await queryRunner.query(`DROP TABLE "content"."node"`);
        await queryRunner.query(`DROP INDEX "content"."navigation_website_identifier_key"`);
        await queryRunner.query(`DROP TABLE "content"."navigation"`);
        await queryRunner.query(`DROP TABLE "content"."block"`);
    }

}
