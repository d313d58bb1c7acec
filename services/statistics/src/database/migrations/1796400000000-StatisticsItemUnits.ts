import type { MigrationInterface, QueryRunner } from 'typeorm';

/** the rollup tables, each holding items and popular-items rows */
const TABLES = ['rollup_hourly', 'rollup_daily', 'rollup_span'] as const;

/**
 * Items counted per unit (issue 41): order_item_fact keeps the unit a line was ordered in (null: its event had none,
 * published before; it counts as pieces), and the rollups of items and popular-items name the unit in their key —
 * items and the totals of popular-items (`#hours`) the unit, popular-items `<unit>\u001f<name>`. Every line kept so
 * far had no unit: its rows become the pieces' rows, in every layer, so the figures stay what they were and the
 * layers need no rebuild.
 */
export class StatisticsItemUnits1796400000000 implements MigrationInterface {
  name = 'StatisticsItemUnits1796400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "statistics"."order_item_fact" ADD "unit" text`);
    for (const table of TABLES) {
      await queryRunner.query(
        `UPDATE "statistics"."${table}" SET key = 'piece' WHERE metric IN ('items', 'popular-items#hours') AND key = ''`,
      );
      await queryRunner.query(
        `UPDATE "statistics"."${table}" SET key = 'piece' || chr(31) || key WHERE metric = 'popular-items'`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // back to one sum across units, as counted before: the hourly rows again from the order lines (quantities as
    // ordered, summed whatever their unit); the recorded zone cleared, so the next start builds the other layers
    for (const table of TABLES)
      await queryRunner.query(
        `DELETE FROM "statistics"."${table}" WHERE metric IN ('items', 'popular-items', 'popular-items#hours')`,
      );
    await queryRunner.query(
      `INSERT INTO "statistics"."rollup_hourly" (metric, hour, branch, key, value)
       SELECT m, date_bin('1 hour', o."createdAt", TIMESTAMPTZ '2000-01-01 00:00:00+00'), o.branch,
         CASE m WHEN 'items' THEN '' ELSE i.name END, sum(i.quantity)
       FROM "statistics"."order_fact" o JOIN "statistics"."order_item_fact" i ON i."orderId" = o.id,
         unnest(ARRAY['items', 'popular-items']) AS m
       GROUP BY 1, 2, 3, 4 HAVING sum(i.quantity) <> 0`,
    );
    await queryRunner.query(`DELETE FROM "statistics"."rollup_state"`);
    await queryRunner.query(`ALTER TABLE "statistics"."order_item_fact" DROP COLUMN "unit"`);
  }
}
