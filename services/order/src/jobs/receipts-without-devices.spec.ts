import { jest } from '@jest/globals';
import type { JobItem, OrderSnapshot } from '@shop/contracts';
import { addJobToOutbox, createJobQueue, jobDispatcher, type OutboxRow } from '@shop/server';
import { cleanupPrefixes, REDIS_URL, uniquePrefixes } from '@shop/testing';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { addDevice, orderTestDatabase } from '../../test/order-test-database.js';
import { orderJob } from '../orders/order-snapshot.js';
import { OrderRepository } from '../orders/order.repository.js';
import { receiptStatuses } from '../orders/receipt-status.js';
import { testPageJob } from '../devices/usecases/device-actions/test-page-job.js';
import { ReceiptDispatchRepository } from './job.repository.js';
import { skipReceiptsWithoutDevices } from './receipts-without-devices.js';

/** The relay's dispatch of print jobs on real Postgres and a real BullMQ queue (issue 22). */
describe('skipReceiptsWithoutDevices', () => {
  const prefixes = uniquePrefixes('receipts');
  let ds: DataSource;
  let close: () => Promise<void>;
  let queues: Record<'print' | 'email', Queue>;
  let receipts: ReturnType<typeof skipReceiptsWithoutDevices>;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('receipts_without_devices'));
    const connection = { url: REDIS_URL, maxRetriesPerRequest: null };
    queues = {
      print: createJobQueue('print', connection, prefixes.redis),
      email: createJobQueue('email', connection, prefixes.redis),
    };
    receipts = skipReceiptsWithoutDevices(jobDispatcher((job) => queues[job.queue as 'print' | 'email']));
  });
  afterAll(async () => {
    await Promise.all(Object.values(queues).map((q) => q.close()));
    await close();
    await cleanupPrefixes(prefixes);
  });

  let nextOrder = 100;
  const receiptJob = (branch: number, name: 'print-receipt' | 'email-new-order' = 'print-receipt') =>
    orderJob(name, { order: { id: nextOrder++ }, branch: { id: branch } } as OrderSnapshot, 'created');
  /** the job's outbox row as the relay claims it */
  const rowOf = async (jobId: string) =>
    (
      await ds.query<OutboxRow[]>(
        `SELECT id, subject, payload, headers FROM "order"."outbox" WHERE payload->>'jobId' = $1`,
        [jobId],
      )
    )[0]!;
  /** the row dispatched in a transaction as the relay does, on its own (not in a prepared pass) */
  const redeliver = async (jobId: string) => {
    const row = await rowOf(jobId);
    return ds.transaction((m) => receipts.dispatch(row, m));
  };
  const relay = async (job: JobItem) => {
    await addJobToOutbox(ds.manager, job);
    return redeliver(job.jobId);
  };
  const completed = async (jobId: string) =>
    (await ds.query('SELECT 1 FROM "order"."job_completion" WHERE "jobId" = $1', [jobId])).length === 1;

  it('records a receipt of a branch without printers as done, never queued, and its status reads noPrinter', async () => {
    await addDevice(ds, { branchId: 2, isEnabled: false });
    await addDevice(ds, { branchId: 3 });
    const job = receiptJob(2);
    expect(await relay(job)).toBe(true);
    expect(await completed(job.jobId)).toBe(true);
    expect(await queues.print.getJob(job.jobId)).toBeUndefined();
    const orderId = (job.data as { orderId: number }).orderId;
    expect(receiptStatuses(await new OrderRepository(ds).receiptRows([orderId])).get(orderId)).toBe('noPrinter');
    // the relay may deliver the row again (a crash before its mark): the same, once
    expect(await redeliver(job.jobId)).toBe(true);
    expect(
      await ds.query('SELECT count(*)::int AS n FROM "order"."job_completion" WHERE "jobId" = $1', [job.jobId]),
    ).toEqual([{ n: 1 }]);
  });

  it('hands the receipt to the workers where an enabled printer or notification device would take it', async () => {
    await addDevice(ds, { branchId: 4 });
    await addDevice(ds, { branchId: 5, type: 'notification', protocol: null });
    for (const branch of [4, 5]) {
      const job = receiptJob(branch);
      expect(await relay(job)).toBe(true);
      expect(await completed(job.jobId)).toBe(false);
      expect((await queues.print.getJob(job.jobId))?.name).toBe('print-receipt');
    }
  });

  it('leaves test pages and other jobs to the workers', async () => {
    const page = testPageJob(6, 99);
    const mail = receiptJob(6, 'email-new-order');
    expect(await relay(page)).toBe(true);
    expect(await relay(mail)).toBe(true);
    expect(await queues.print.getJob(page.jobId)).toBeDefined();
    expect(await queues.email.getJob(mail.jobId)).toBeDefined();
    expect(await completed(page.jobId)).toBe(false);
    expect(await completed(mail.jobId)).toBe(false);
  });

  it("reads a relay pass's receipts' devices with one statement, and each row is dispatched as on its own", async () => {
    await addDevice(ds, { branchId: 7 });
    const jobs = [receiptJob(8), receiptJob(7), testPageJob(7, 98), receiptJob(9), receiptJob(8, 'email-new-order')];
    for (const job of jobs) await addJobToOutbox(ds.manager, job);
    const rows = await Promise.all(jobs.map((job) => rowOf(job.jobId)));
    const asked = jest.spyOn(ReceiptDispatchRepository.prototype, 'skipWithoutDevices');
    try {
      const delivered = await ds.transaction(async (m) => {
        await receipts.prepare(rows, m);
        return Promise.all(rows.map((row) => receipts.dispatch(row, m)));
      });
      expect(delivered).toEqual([true, true, true, true, true]);
      // the three receipts in one statement; the test page and the mail are not receipts
      expect(asked).toHaveBeenCalledTimes(1);
      expect(asked.mock.calls[0]![1].map((j) => j.jobId)).toEqual([jobs[0]!.jobId, jobs[1]!.jobId, jobs[3]!.jobId]);
    } finally {
      asked.mockRestore();
    }
    // branches 8 and 9 have no device: done, never queued; branch 7's printer gets its receipt and test page
    expect([await completed(jobs[0]!.jobId), await completed(jobs[3]!.jobId)]).toEqual([true, true]);
    expect(await queues.print.getJob(jobs[0]!.jobId)).toBeUndefined();
    expect(await completed(jobs[1]!.jobId)).toBe(false);
    expect((await queues.print.getJob(jobs[1]!.jobId))?.name).toBe('print-receipt');
    expect(await queues.print.getJob(jobs[2]!.jobId)).toBeDefined();
    expect(await queues.email.getJob(jobs[4]!.jobId)).toBeDefined();
  });
});
