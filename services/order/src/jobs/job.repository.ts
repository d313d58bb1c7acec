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

/** A receipt job the relay is about to hand to the workers, and its branch. */
export interface ReceiptJob {
  jobId: string;
  branchId: number;
}

/** The relay's question before it hands receipt jobs to the workers (skipReceiptsWithoutDevices). */
export class ReceiptDispatchRepository {
  /**
   * The jobs whose branch has no device a receipt reaches, recorded as completed (in the relay's batch transaction),
   * with one statement however many; nothing is written for the others.
   */
  @GenerateSql({ params: ({ runner }) => [runner, [{ jobId: 'print-1-created', branchId: 1 }]] })
  async skipWithoutDevices(runner: QueryRunner, jobs: ReceiptJob[]): Promise<Set<string>> {
    const rows = await queryPrepared<{ jobId: string }>(
      runner,
      'receipts-without-devices',
      `WITH skip AS (
         SELECT j."jobId" FROM jsonb_to_recordset($1::jsonb) AS j("jobId" text, "branchId" int)
          WHERE NOT EXISTS (SELECT 1 FROM "order"."device" d WHERE d."branchId" = j."branchId" AND ${PRINT_TARGET_DEVICES})
       ), completed AS (
         INSERT INTO "order"."job_completion" ("jobId") SELECT "jobId" FROM skip ON CONFLICT DO NOTHING
       )
       SELECT "jobId" FROM skip`,
      [JSON.stringify(jobs)],
    );
    return new Set(rows.map((r) => r.jobId));
  }
}
