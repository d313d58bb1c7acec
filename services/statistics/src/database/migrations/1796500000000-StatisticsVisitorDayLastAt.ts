import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a visitor's latest event of the day happened (issue 41): a batch with an earlier event (a second tab, a batch
 * resent after a later one) is told apart from one in order, and the day's visitor metrics are counted again from
 * its events instead of counting the hour or the page step twice. Days kept before have none: their last hour
 * stands in (visitor_day keeps a day for a day).
 */
export class StatisticsVisitorDayLastAt1796500000000 implements MigrationInterface {
  name = 'StatisticsVisitorDayLastAt1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "statistics"."visitor_day" ADD "lastAt" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "statistics"."visitor_day" DROP COLUMN "lastAt"`);
  }
}
