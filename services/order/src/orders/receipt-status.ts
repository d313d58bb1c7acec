import type { ReceiptStatus } from '@shop/contracts';

/** What OrderRepository.receiptRows reads of an order's latest print job. */
export interface ReceiptRow {
  orderId: number;
  completed: boolean;
  jobFailed: boolean;
  statuses: string[] | null;
}

/** The receipt status of each order's latest `print-receipt` job; orders without a print job are not in the map. */
export function receiptStatuses(rows: ReceiptRow[]): Map<number, ReceiptStatus> {
  return new Map(rows.map((r) => [Number(r.orderId), receiptStatusOf(r)]));
}

/** A failure anywhere wins over waiting, waiting over printed; a rendered job that reached no printer: noPrinter. */
function receiptStatusOf(r: ReceiptRow): ReceiptStatus {
  if (!r.completed) return r.jobFailed ? 'failed' : 'waiting';
  const statuses = r.statuses ?? [];
  if (!statuses.length) return 'noPrinter';
  if (statuses.includes('failed')) return 'failed';
  if (statuses.some((s) => s === 'queued' || s === 'printing')) return 'waiting';
  return 'printed';
}
