import type { MigrationInterface, QueryRunner } from 'typeorm';

/** issue 42: per branch, which status e-mails the customer gets (each on by default, existing branches too). */
export class BranchStatusEmails1796569056157 implements MigrationInterface {
  name = 'BranchStatusEmails1796569056157';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "catalogue"."branch" ADD "isConfirmedEmailEnabled" boolean NOT NULL DEFAULT true, ADD "isReadyForPickupEmailEnabled" boolean NOT NULL DEFAULT true, ADD "isInDeliveryEmailEnabled" boolean NOT NULL DEFAULT true, ADD "isCounterProposalEmailEnabled" boolean NOT NULL DEFAULT true, ADD "isRejectedEmailEnabled" boolean NOT NULL DEFAULT true, ADD "isCanceledEmailEnabled" boolean NOT NULL DEFAULT true`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "catalogue"."branch" DROP COLUMN "isCanceledEmailEnabled", DROP COLUMN "isRejectedEmailEnabled", DROP COLUMN "isCounterProposalEmailEnabled", DROP COLUMN "isInDeliveryEmailEnabled", DROP COLUMN "isReadyForPickupEmailEnabled", DROP COLUMN "isConfirmedEmailEnabled"`,
    );
  }
}
