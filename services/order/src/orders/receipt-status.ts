import type { ReceiptStatus } from '@shop/contracts';
import { JOB_OUTBOX_PREFIX } from '@shop/server';
import type { EntityManager } from 'typeorm';

interface Row {
  orderId: number;
  completed: boolean;
  jobFailed: boolean;
  statuses: string[] | null;
}

/**
 * The receipt status of each order's latest `print-receipt` job, from what the order service holds: the job rows
 * of its outbox (kept 7 days), the workers' completions, their final failures (`order.job.failed`) and the
 * printers' queue entries for the job. Orders without a print job are not in the map.
 */
export async function receiptStatuses(m: EntityManager, orderIds: number[]): Promise<Map<number, ReceiptStatus>> {
  if (!orderIds.length) return new Map();
  const rows: Row[] = await m.query(
    `SELECT DISTINCT ON (j."orderId") j."orderId",
            EXISTS (SELECT 1 FROM "order"."job_completion" c WHERE c."jobId" = j."jobId") AS completed,
            EXISTS (SELECT 1 FROM "order"."outbox" f
                     WHERE f.subject = 'order.job.failed' AND f.payload->>'jobId' = j."jobId") AS "jobFailed",
            (SELECT array_agg(q.status) FROM "order"."device_queue" q
              WHERE q."jobKey" = j."jobId" AND q.kind = 'print') AS statuses
       FROM (SELECT o.id, (o.payload->'data'->>'orderId')::int AS "orderId", o.payload->>'jobId' AS "jobId"
               FROM "order"."outbox" o
              WHERE o.subject = $1 AND o.payload->>'name' = 'print-receipt'
                AND o.payload->'data'->>'orderId' = ANY($2::text[])) j
      ORDER BY j."orderId", j.id DESC`,
    [`${JOB_OUTBOX_PREFIX}print`, orderIds.map(String)],
  );
  return new Map(rows.map((r) => [Number(r.orderId), receiptStatusOf(r)]));
}

/** A failure anywhere wins over waiting, waiting over printed; a rendered job that reached no printer: noPrinter. */
function receiptStatusOf(r: Row): ReceiptStatus {
  if (!r.completed) return r.jobFailed ? 'failed' : 'waiting';
  const statuses = r.statuses ?? [];
  if (!statuses.length) return 'noPrinter';
  if (statuses.includes('failed')) return 'failed';
  if (statuses.some((s) => s === 'queued' || s === 'printing')) return 'waiting';
  return 'printed';
}
