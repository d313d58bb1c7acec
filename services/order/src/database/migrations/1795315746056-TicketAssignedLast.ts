import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ticket number is taken by the last statement of an order's transaction (the branch's counter row is
 * then locked only for that statement and the commit), so the column is empty for a moment inside the
 * transaction; committed orders always have one.
 */
export class TicketAssignedLast1795315746056 implements MigrationInterface {
  name = 'TicketAssignedLast1795315746056';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order"."order" ALTER COLUMN "ticketNumber" DROP NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order"."order" ALTER COLUMN "ticketNumber" SET NOT NULL`);
  }
}
