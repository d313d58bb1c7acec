import { QUEUES, type JobItem } from '@shop/contracts';
import { JOB_OUTBOX_PREFIX, type OutboxRelayOptions, type OutboxRow } from '@shop/server';
import type { EntityManager, QueryRunner } from 'typeorm';
import { ReceiptDispatchRepository, type ReceiptJob } from './job.repository.js';

type Dispatch = NonNullable<OutboxRelayOptions['dispatch']>;
type PrepareDispatch = NonNullable<OutboxRelayOptions['prepareDispatch']>;

/** An order's receipt job (`print-receipt`) in an outbox row; a test page names its device and is not one. */
function receiptOf(row: OutboxRow): ReceiptJob | null {
  const job = row.payload as JobItem;
  return row.subject === `${JOB_OUTBOX_PREFIX}${QUEUES.print}` && job.name === 'print-receipt'
    ? { jobId: job.jobId, branchId: job.data.branch }
    : null;
}

/**
 * A receipt no device would take is not rendered (issue 22): when the branch has neither an enabled printer nor an
 * enabled notification device, the outbox relay records an order's print job (`print-receipt`) as completed in its
 * batch's transaction instead of handing it to the workers. The order's receipt status reads `noPrinter`, as it did
 * when the workers' completion found no device; the devices are read when the job is dispatched (right after the
 * order's commit) instead of when the rendered receipt came back. Rendering it cost the workers about a third of
 * their CPU per order where a branch has no printer (the demo's branches), and Redis a job of the order's size.
 * A test page names its device and always goes to the workers; every other job too.
 *
 * The devices are read for a relay pass's receipts at once (`prepare`, one statement; issue 45: a statement per
 * receipt was a round trip per order in the relay's transaction); a row dispatched outside a prepared pass is asked
 * about on its own.
 */
export function skipReceiptsWithoutDevices(dispatch: Dispatch): { prepare: PrepareDispatch; dispatch: Dispatch } {
  const receipts = new ReceiptDispatchRepository();
  /** per pass (its transaction's manager): the receipts recorded as done */
  const skippedIn = new WeakMap<EntityManager, Set<string>>();
  const skip = (manager: EntityManager, jobs: ReceiptJob[]) =>
    jobs.length
      ? receipts.skipWithoutDevices(manager.queryRunner as QueryRunner, jobs)
      : Promise.resolve(new Set<string>());
  return {
    prepare: async (rows, manager) => {
      skippedIn.set(
        manager,
        await skip(
          manager,
          rows.flatMap((row) => receiptOf(row) ?? []),
        ),
      );
    },
    dispatch: async (row, manager) => {
      const receipt = receiptOf(row);
      if (!receipt) return dispatch(row, manager);
      const skipped = skippedIn.get(manager) ?? (await skip(manager, [receipt]));
      return skipped.has(receipt.jobId) || dispatch(row, manager);
    },
  };
}
