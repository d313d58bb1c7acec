import { QUEUES, type JobItem } from '@shop/contracts';
import { JOB_OUTBOX_PREFIX, type OutboxRelayOptions } from '@shop/server';
import type { QueryRunner } from 'typeorm';
import { ReceiptDispatchRepository } from './job.repository.js';

type Dispatch = NonNullable<OutboxRelayOptions['dispatch']>;

/**
 * A receipt no device would take is not rendered (issue 22): when the branch has neither an enabled printer nor an
 * enabled notification device, the outbox relay records an order's print job (`print-receipt`) as completed in its
 * batch's transaction instead of handing it to the workers. The order's receipt status reads `noPrinter`, as it did
 * when the workers' completion found no device; the devices are read when the job is dispatched (right after the
 * order's commit) instead of when the rendered receipt came back. Rendering it cost the workers about a third of
 * their CPU per order where a branch has no printer (the demo's branches), and Redis a job of the order's size.
 * A test page names its device and always goes to the workers; every other job too.
 */
export function skipReceiptsWithoutDevices(dispatch: Dispatch): Dispatch {
  const receipts = new ReceiptDispatchRepository();
  return async (row, manager) => {
    const job = row.payload as JobItem;
    if (row.subject !== `${JOB_OUTBOX_PREFIX}${QUEUES.print}` || job.name !== 'print-receipt')
      return dispatch(row, manager);
    const skipped = await receipts.skipWithoutDevices(manager.queryRunner as QueryRunner, job.jobId, job.data.branch);
    return skipped || dispatch(row, manager);
  };
}
