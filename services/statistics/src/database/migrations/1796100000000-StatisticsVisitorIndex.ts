import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A visitor's events by time: the partial hours at the edges of a unique-visitors or event-flow range look up
 * the visitor's earlier events of that day (was this the first? which page came before?) instead of grouping
 * the whole day's raw events.
 */
export class StatisticsVisitorIndex1796100000000 implements MigrationInterface {
  name = 'StatisticsVisitorIndex1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "analytics_event_visitor_idx" ON "statistics"."analytics_event" ("visitorId", "occurredAt")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "statistics"."analytics_event_visitor_idx"`);
  }
}
