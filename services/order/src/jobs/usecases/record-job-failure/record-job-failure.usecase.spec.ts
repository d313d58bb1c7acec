import { OutboxEntity } from '@shop/server';
import type { DataSource } from 'typeorm';
import { orderTestDatabase, silentLogger } from '../../../../test/order-test-database.js';
import { RecordJobFailure } from './record-job-failure.usecase.js';

describe('RecordJobFailure (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: RecordJobFailure;
  let kicks = 0;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('record_job_failure'));
    usecase = new RecordJobFailure(ds, { kick: async () => void kicks++ }, silentLogger());
  });
  afterAll(() => close());

  it('writes order.job.failed for the system log and the receipt status; a malformed report is 422', async () => {
    const report = {
      jobId: 'print-7-created',
      queue: 'print',
      orderId: 7,
      branch: 3,
      reason: 'Zeitüberschreitung',
      attempts: 8,
    };
    expect(await usecase.execute(report)).toEqual({ recorded: true });
    const row = await ds.getRepository(OutboxEntity).findOneByOrFail({ subject: 'order.job.failed' });
    expect(row.payload).toMatchObject({ jobId: 'print-7-created', reason: 'Zeitüberschreitung' });
    expect(kicks).toBe(1);
    await expect(usecase.execute({ jobId: 7 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    // issue 44: a provider's answer naming the recipient does not reach the event
    await usecase.execute({ ...report, jobId: 'email-7-created', queue: 'email', reason: '550 <anna@example.at>' });
    const rows = await ds.getRepository(OutboxEntity).findBy({ subject: 'order.job.failed' });
    const mail = rows.find((r) => (r.payload as { jobId: string }).jobId === 'email-7-created');
    expect(mail?.payload).toMatchObject({ reason: '550 <[E-Mail]>' });
  });
});
