import { MigrationInterface, QueryRunner } from "typeorm";

export class PrivacyRequests1796581691356 implements MigrationInterface {
    name = 'PrivacyRequests1796581691356'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "identity"."privacy_request" ("id" SERIAL NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "kind" text NOT NULL, "requestedBy" text NOT NULL, "handledById" integer NOT NULL, "handledByName" text NOT NULL, "subjectHash" text NOT NULL, "counts" jsonb NOT NULL DEFAULT '[]', "failedServices" jsonb NOT NULL DEFAULT '[]', "exportFormat" text, "exportBody" text, "exportExpiresAt" TIMESTAMP WITH TIME ZONE, "exportDownloadedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_0f0855b007a744a88b91ef3b7b8" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_privacy_request_export_expiry" ON "identity"."privacy_request"  ("exportExpiresAt") WHERE "exportBody" IS NOT NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "identity"."idx_privacy_request_export_expiry"`);
        await queryRunner.query(`DROP TABLE "identity"."privacy_request"`);
    }

}
