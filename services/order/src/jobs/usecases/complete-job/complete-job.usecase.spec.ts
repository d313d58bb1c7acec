import type { JobCompletion } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import { addDevice, orderTestDatabase } from '../../../../test/order-test-database.js';
import { DeviceQueueEntity } from '../../../devices/device-queue.entity.js';
import { EnqueuePrint } from '../../../devices/usecases/enqueue-print/enqueue-print.usecase.js';
import { CompleteJob } from './complete-job.usecase.js';

const documents = { star: 'c3Rhcg==', escpos: 'ZXNj', text: 'dGV4dA==' };

/** The printer's completion handler: a worker's report of finished jobs, on real Postgres. */
describe('CompleteJob (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: CompleteJob;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('complete_job'));
    usecase = new CompleteJob(new EnqueuePrint(ds));
  });
  afterAll(() => close());

  it("puts a finished receipt into each printer's queue of its branch and records every completion once", async () => {
    const printer = await addDevice(ds, { branchId: 3 });
    const completions = [
      { jobId: 'print-7-created', name: 'print-receipt', result: { branch: 3, orderId: 7, documents } },
      { jobId: 'email-7-created', name: 'email-new-order', result: { sent: ['customer'] } },
    ] as JobCompletion[];
    expect(await usecase.execute({ completions })).toEqual({ recorded: 2 });
    const entries = await ds.getRepository(DeviceQueueEntity).findBy({ jobKey: 'print-7-created' });
    expect(entries.map((e) => [e.deviceId, e.orderId, e.status])).toEqual([[printer.id, 7, 'queued']]);
    const completed = await ds.query(`SELECT "jobId" FROM "order"."job_completion" ORDER BY 1`);
    expect(completed).toEqual([{ jobId: 'email-7-created' }, { jobId: 'print-7-created' }]);
    // the same report again (a worker's retry after a lost answer) adds nothing
    expect(await usecase.execute({ completions })).toEqual({ recorded: 0 });
    expect(await ds.getRepository(DeviceQueueEntity).countBy({ jobKey: 'print-7-created' })).toBe(1);
  });
});
