import { MEDIA_TYPES } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import { addDevice, orderTestDatabase } from '../../../../test/order-test-database.js';
import { DeviceQueueEntity } from '../../device-queue.entity.js';
import { EnqueuePrint } from './enqueue-print.usecase.js';

describe('EnqueuePrint (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: EnqueuePrint;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('enqueue_print'));
    usecase = new EnqueuePrint(ds);
  });
  afterAll(() => close());

  const documents = { star: 'c3Rhcg==', escpos: 'ZXNj', text: 'dGV4dA==' };
  const entries = (jobKey: string) =>
    ds.getRepository(DeviceQueueEntity).find({ where: { jobKey }, order: { deviceId: 'ASC' } });

  it('one entry per enabled printer of the branch, each with the media types of its format; a repeated job key adds nothing', async () => {
    const star = await addDevice(ds, { branchId: 10 });
    const escposStar = await addDevice(ds, { branchId: 10, printFormat: 'escpos' });
    const epson = await addDevice(ds, { branchId: 10, protocol: 'epson-sdp' });
    await addDevice(ds, { branchId: 10, isEnabled: false });
    await addDevice(ds, { branchId: 11 });
    const notifier = await addDevice(ds, { branchId: 10, type: 'notification', protocol: null });
    const { queued } = await usecase.execute([{ branch: 10, orderId: 5, jobKey: 'print-5-created', documents }]);
    expect(queued).toHaveLength(3);
    const rows = await entries('print-5-created');
    expect(rows.map((r) => [r.deviceId, r.kind, r.status, r.orderId])).toEqual([
      [star.id, 'print', 'queued', 5],
      [escposStar.id, 'print', 'queued', 5],
      [epson.id, 'print', 'queued', 5],
    ]);
    expect(rows[0]!.documents).toEqual({ [MEDIA_TYPES.starLine]: documents.star, [MEDIA_TYPES.text]: documents.text });
    expect(rows[1]!.documents).toEqual({ [MEDIA_TYPES.escpos]: documents.escpos, [MEDIA_TYPES.text]: documents.text });
    expect(rows[2]!.documents).toEqual({ [MEDIA_TYPES.escpos]: documents.escpos, [MEDIA_TYPES.text]: documents.text });
    expect(new Set(rows.map((r) => r.token)).size).toBe(3);
    expect(rows.some((r) => r.deviceId === notifier.id)).toBe(false);
    expect(await usecase.execute([{ branch: 10, orderId: 5, jobKey: 'print-5-created', documents }])).toEqual({
      queued: [],
      recorded: 0,
    });
    expect(await entries('print-5-created')).toHaveLength(3);
  });

  it('with a notification line, the notification devices of the branch get it as text', async () => {
    const notifier = await addDevice(ds, { branchId: 12, type: 'notification', protocol: null });
    await addDevice(ds, { branchId: 12 });
    await usecase.execute([
      { branch: 12, orderId: 6, jobKey: 'print-6-created', documents, notification: 'Neue Bestellung: Ticket 17' },
    ]);
    const note = (await entries('print-6-created')).find((r) => r.deviceId === notifier.id)!;
    expect(note.kind).toBe('notification');
    expect(Buffer.from(note.documents[MEDIA_TYPES.text]!, 'base64').toString()).toBe('Neue Bestellung: Ticket 17');
  });

  it('a test page goes to its one device only; no device, nothing queued', async () => {
    const printer = await addDevice(ds, { branchId: 13 });
    await addDevice(ds, { branchId: 13 });
    const disabled = await addDevice(ds, { branchId: 13, isEnabled: false });
    const { queued } = await usecase.execute([
      { branch: 13, orderId: null, jobKey: 'print-0-test', deviceId: printer.id, documents },
      // a test page reaches a disabled printer too (staff test it before enabling it)
      { branch: 13, orderId: null, jobKey: 'print-1-test', deviceId: disabled.id, documents },
    ]);
    expect((await entries('print-0-test')).map((r) => [r.id, r.deviceId])).toEqual([[queued[0], printer.id]]);
    expect((await entries('print-1-test')).map((r) => [r.id, r.deviceId])).toEqual([[queued[1], disabled.id]]);
    expect(await usecase.execute([{ branch: 99, orderId: null, jobKey: 'nothing', documents }])).toEqual({
      queued: [],
      recorded: 0,
    });
  });
  it('records the completions in the same statement as the entries, once each, for many jobs of several branches (issue 22)', async () => {
    const a = await addDevice(ds, { branchId: 14 });
    const b = await addDevice(ds, { branchId: 15, printFormat: 'escpos' });
    const completed = (ids: string[]) =>
      ds.query('SELECT "jobId" FROM "order"."job_completion" WHERE "jobId" = ANY($1) ORDER BY 1', [ids]);
    const jobs = [
      { branch: 14, orderId: 7, jobKey: 'print-7-created', documents },
      { branch: 15, orderId: 8, jobKey: 'print-8-created', documents },
      // a branch without printers: nothing queued, the completion is still recorded
      { branch: 98, orderId: 9, jobKey: 'print-9-created', documents },
    ];
    // an e-mail job finished in the same report is recorded with them
    const ids = ['print-7-created', 'print-8-created', 'print-9-created', 'email-7-created'];
    const first = await usecase.execute(jobs, ids);
    expect(first.recorded).toBe(4);
    expect(first.queued).toHaveLength(2);
    expect((await entries('print-7-created')).map((r) => r.deviceId)).toEqual([a.id]);
    expect((await entries('print-8-created')).map((r) => [r.deviceId, r.documents])).toEqual([
      [b.id, { [MEDIA_TYPES.escpos]: documents.escpos, [MEDIA_TYPES.text]: documents.text }],
    ]);
    expect(await completed(ids)).toEqual([...ids].sort().map((jobId) => ({ jobId })));
    // the same report again (a worker's retry after a lost answer): nothing added, nothing recorded again
    expect(await usecase.execute(jobs, [...ids, 'email-7-created'])).toEqual({ queued: [], recorded: 0 });
    expect(await entries('print-7-created')).toHaveLength(1);
    // completions alone (no print job in the report)
    expect(await usecase.execute([], ['email-10-created'])).toEqual({ queued: [], recorded: 1 });
    expect(await completed(['email-10-created'])).toEqual([{ jobId: 'email-10-created' }]);
  });
});
