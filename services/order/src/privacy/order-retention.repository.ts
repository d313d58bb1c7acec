import { Injectable } from '@nestjs/common';
import { GenerateSql, JOB_OUTBOX_PREFIX } from '@shop/server';
import { DataSource } from 'typeorm';

/** When an order's tax period has passed, by its branch, else by its customer's country, else for every other one. */
export interface RetentionCutoffs {
  /** no order placed after this is deleted (the shortest period's cutoff) */
  latest: Date;
  /** branch id → cutoff of the branch's country (the branches the catalogue knows) */
  byBranch: Record<string, string>;
  /** country code → cutoff (the countries configured) */
  byCountry: Record<string, string>;
  /** every other country's cutoff ('*') */
  other: Date;
}

const EXAMPLE: RetentionCutoffs = {
  latest: new Date('2019-01-01T00:00:00Z'),
  byBranch: { '1': '2016-01-01T00:00:00Z' },
  byCountry: { AT: '2019-01-01T00:00:00Z', DE: '2016-01-01T00:00:00Z' },
  other: new Date('2016-01-01T00:00:00Z'),
};

/** The order retention's reads and deletes (privacy/order-retention.ts). */
@Injectable()
export class OrderRetentionRepository {
  constructor(private readonly ds: DataSource) {}

  /** The branches that have orders placed before `before` (whose countries the retention then asks for). */
  @GenerateSql({ params: [new Date('2019-01-01T00:00:00Z')] })
  async branchesBefore(before: Date): Promise<number[]> {
    const rows: Array<{ branchId: number }> = await this.ds.query(
      `SELECT DISTINCT "branchId" FROM "order"."order" WHERE "createdAt" < $1 ORDER BY "branchId"`,
      [before],
    );
    return rows.map((r) => Number(r.branchId));
  }

  /**
   * Deletes up to `batch` orders whose tax period has passed, with their lines, their receipts in the printers'
   * queues and their job rows with the completions of those jobs, in one statement. Answers how many orders went.
   */
  @GenerateSql({ params: [EXAMPLE, 500] })
  async deleteExpired(cutoffs: RetentionCutoffs, batch: number): Promise<number> {
    const [row] = await this.ds.query<Array<{ deleted: number }>>(
      `WITH doomed AS (
         SELECT o.id FROM "order"."order" o
          WHERE o."createdAt" < $1
            AND o."createdAt" < COALESCE(($2::jsonb ->> o."branchId"::text)::timestamptz,
                                         ($3::jsonb ->> (o.customer->>'country'))::timestamptz, $4::timestamptz)
          ORDER BY o.id LIMIT $5
          FOR UPDATE SKIP LOCKED
       ), lines AS (
         DELETE FROM "order"."order_item" i USING doomed d WHERE i."orderId" = d.id
       ), receipts AS (
         DELETE FROM "order"."device_queue" q USING doomed d WHERE q."orderId" = d.id
       ), jobs AS (
         DELETE FROM "order"."outbox" x USING doomed d
          WHERE x.subject LIKE $6 AND x.payload->'data'->>'orderId' = d.id::text
         RETURNING x.payload->>'jobId' AS "jobId"
       ), completions AS (
         DELETE FROM "order"."job_completion" c USING jobs j WHERE c."jobId" = j."jobId"
       ), orders AS (
         DELETE FROM "order"."order" o USING doomed d WHERE o.id = d.id RETURNING 1
       )
       SELECT count(*)::int AS deleted FROM orders`,
      [
        cutoffs.latest,
        JSON.stringify(cutoffs.byBranch),
        JSON.stringify(cutoffs.byCountry),
        cutoffs.other,
        batch,
        `${JOB_OUTBOX_PREFIX}%`,
      ],
    );
    return row?.deleted ?? 0;
  }
}
