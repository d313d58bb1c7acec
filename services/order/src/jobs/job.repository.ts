import { Injectable } from '@nestjs/common';
import type { JobItem } from '@shop/contracts';
import { GenerateSql, queryPrepared } from '@shop/server';
import { DataSource, type QueryRunner } from 'typeorm';
import { PRINT_TARGET_DEVICES } from '../devices/usecases/enqueue-print/enqueue-print.usecase.js';

/** The job rows of the outbox and the workers' completions, as the re-dispatcher reads them. */
@Injectable()
export class JobRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Job rows handed to BullMQ at least `afterMs` ago and at most 24 hours ago that no worker has finished yet,
   * oldest first, at most 1000.
   */
  @GenerateSql({ params: [120_000] })
  async unfinished(afterMs: number): Promise<JobItem[]> {
    const rows: Array<{ payload: JobItem }> = await this.ds.query(
      `SELECT o.payload FROM "order"."outbox" o
        WHERE o.subject LIKE 'job.%' AND o.payload ? 'name' AND o."publishedAt" IS NOT NULL
          AND o."createdAt" < now() - make_interval(secs => $1::float / 1000)
          AND o."createdAt" > now() - interval '24 hours'
          AND NOT EXISTS (SELECT 1 FROM "order"."job_completion" c WHERE c."jobId" = o.payload->>'jobId')
        ORDER BY o.id LIMIT 1000`,
      [afterMs],
    );
    return rows.map((r) => r.payload);
  }
}

/** The relay's question before it hands a receipt job to the workers (skipReceiptsWithoutDevices). */
export class ReceiptDispatchRepository {
  /**
   * When the branch has no device a receipt reaches, the job is recorded as completed (in the relay's batch
   * transaction) and true is answered; else nothing is written.
   */
  @GenerateSql({ params: ({ runner }) => [runner, 'print-1-created', 1] })
  async skipWithoutDevices(runner: QueryRunner, jobId: string, branchId: number): Promise<boolean> {
    const [row] = await queryPrepared<{ skipped: boolean }>(
      runner,
      'receipt-without-devices',
      `WITH skip AS (
         SELECT NOT EXISTS (SELECT 1 FROM "order"."device" WHERE "branchId" = $2 AND ${PRINT_TARGET_DEVICES}) AS skipped
       ), completed AS (
         INSERT INTO "order"."job_completion" ("jobId") SELECT $1 FROM skip WHERE skipped ON CONFLICT DO NOTHING
       )
       SELECT skipped FROM skip`,
      [jobId, branchId],
    );
    return row?.skipped === true;
  }
}
