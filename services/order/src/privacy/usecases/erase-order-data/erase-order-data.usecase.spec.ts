import type { JobFailedEvent, JobItem } from '@shop/contracts';
import { addJob, addToOutbox, privacySubject } from '@shop/server';
import { cleanupPrefixes, REDIS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import { Worker, type Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { employeeOf, orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { addDevice, orderTestDatabase } from '../../../../test/order-test-database.js';
import {
  ANNA,
  answerQuestionnaire,
  configureLine,
  PARTS,
  privacyContexts,
  redisTraces,
  schemaTraces,
  tracesIn,
} from '../../../../test/privacy-fixtures.js';
import { DeviceQueueEntity } from '../../../devices/device-queue.entity.js';
import { createQueues, type OrderQueues } from '../../../jobs/order-jobs.js';
import { OrderItemEntity } from '../../../orders/order-item.entity.js';
import { TransitionOrder } from '../../../orders/usecases/transition-order/transition-order.usecase.js';
import { OrderPrivacyRepository } from '../../order-privacy.repository.js';
import { QueuedOrderJobs } from '../../queued-order-jobs.js';
import { FindOrderData } from '../find-order-data/find-order-data.usecase.js';
import { SubjectOrders } from '../shared/subject-orders.js';
import { EraseOrderData } from './erase-order-data.usecase.js';

const BERND = { firstName: 'Bernd', lastName: 'Huber', email: 'bernd@example.at', phone: '+43 664 7654321' };
const ANNAS = privacySubject({ email: 'anna.berger@example.at', phone: '0660 1234567' });

describe('EraseOrderData (real Postgres, BullMQ on real Redis)', () => {
  const prefixes = uniquePrefixes('ordererase');
  const connection = { url: REDIS_URL, maxRetriesPerRequest: null };
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let queues: OrderQueues;
  let repo: OrderPrivacyRepository;
  let subjectOrders: SubjectOrders;
  let erase: EraseOrderData;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('privacy_erase'));
    kit = orderKit(ds, { contexts: privacyContexts() });
    queues = createQueues(connection, prefixes.redis);
    repo = new OrderPrivacyRepository(ds);
    subjectOrders = new SubjectOrders(repo, kit.catalogue);
    erase = new EraseOrderData(ds, subjectOrders, repo, new QueuedOrderJobs(queues), kit.relay);
  });
  afterAll(async () => {
    await Promise.all(Object.values(queues).map((q) => q.close()));
    await close();
    await cleanupPrefixes(prefixes);
  });

  /** the relay's part: the unpublished job rows into BullMQ under their ids, marked published */
  async function relayJobs(): Promise<void> {
    const rows: Array<{ id: string; payload: JobItem }> = await ds.query(
      `SELECT id, payload FROM "order"."outbox" WHERE subject LIKE 'job.%' AND "publishedAt" IS NULL ORDER BY id`,
    );
    for (const { payload } of rows) await addJob(queues[payload.queue], payload);
    await ds.query(`UPDATE "order"."outbox" SET "publishedAt" = now() WHERE id = ANY($1::bigint[])`, [
      rows.map((r) => r.id),
    ]);
  }

  /** a print worker renders every receipt waiting (its result, the rendered receipt, prints her name) */
  async function renderReceipts(): Promise<void> {
    const worker = new Worker(
      'print',
      async (job: Job) => ({ documents: { text: `Kunde: ${String(job.data.snapshot.order.customer.lastName)}` } }),
      { connection, prefix: prefixes.redis },
    );
    try {
      await waitFor(async () => (await queues.print.getCompletedCount()) === 3, 15_000);
    } finally {
      await worker.close();
    }
  }

  const jobState = async (queue: keyof OrderQueues, id: string) => (await queues[queue].getJob(id))?.getState();

  it('anonymises her orders and every copy of them, keeps what the books need, and finds nothing the second time', async () => {
    const order = await kit.place(1, ANNA);
    await configureLine(ds, order.id);
    await answerQuestionnaire(ds, order.id, 'Super, danke! Anna Berger');
    const rejected = await kit.place(1, ANNA);
    await new TransitionOrder(kit.changes, kit.catalogue).execute(employeeOf(1), rejected.id, 'reject', {
      rejectionMessage: 'Leider ausgebucht, Frau Berger.',
    });
    const bernds = await kit.place(1, BERND);
    const failure: JobFailedEvent = {
      jobId: `email-${order.id}-created`,
      queue: 'email',
      orderId: order.id,
      branch: 1,
      reason: 'SMTP 550 <Anna.Berger@Example.at>: mailbox unavailable',
      attempts: 8,
      at: new Date().toISOString(),
    };
    await addToOutbox(ds.manager, 'order.job.failed', failure);
    await relayJobs();
    await renderReceipts();
    const printer = await addDevice(ds, { branchId: 1 });
    const entry = (orderId: number, status: 'done' | 'queued') => ({
      deviceId: printer.id,
      jobKey: `print-${orderId}-created`,
      orderId,
      kind: 'print' as const,
      status,
      documents: { 'text/plain': 'Kunde: Anna Berger, +436601234567' },
      token: `token-${orderId}`,
    });
    await ds.getRepository(DeviceQueueEntity).save([entry(order.id, 'done'), entry(rejected.id, 'queued')]);
    const before = await kit.stored(order.id);
    const linesBefore = await ds.getRepository(OrderItemEntity).findBy({ orderId: order.id });

    const reply = await erase.execute({ subject: ANNAS });

    expect(reply.erased).toEqual([
      { kind: 'orders', count: 2 },
      { kind: 'orderItems', count: 1 },
      { kind: 'questionnaires', count: 1 },
      // e-mail, SMS and receipt of each order, the status e-mail of the rejection, the failure report
      { kind: 'outbox', count: 8 },
      { kind: 'messages', count: 2 },
      { kind: 'jobs', count: 7 },
    ]);
    // the books keep the order: number, ticket, amounts, items, taxes, dates; the customer is anonymous
    const after = await kit.stored(order.id);
    expect(after).toMatchObject({
      uid: before.uid,
      ticketNumber: before.ticketNumber,
      totalGross: before.totalGross,
      pricing: before.pricing,
      createdAt: before.createdAt,
      paymentMethod: 'cash',
      questionnaire: { rating: 5, foodRating: 4, serviceRating: 5, processRating: 3, comment: null },
    });
    expect(after.customer).toMatchObject({
      firstName: null,
      lastName: 'Gelöscht',
      email: null,
      phone: null,
      street: null,
      zipCode: null,
      city: null,
      comment: null,
      country: 'AT',
      privacyPolicy: true,
    });
    expect((await kit.stored(rejected.id)).rejectionMessage).toBeNull();
    const [line] = await ds.getRepository(OrderItemEntity).findBy({ orderId: order.id });
    expect(line).toEqual({
      ...linesBefore[0],
      parts: { size: PARTS.size, dedication: 'Gelöscht', photo: [{ ...PARTS.photo[0], filename: undefined }] },
    });
    expect(line!.parts.photo[0]).not.toHaveProperty('filename');
    // the jobs that only reach her are gone from the outbox and BullMQ; the others are kept, anonymised
    const jobIds = (await kit.outbox()).flatMap((r) => (r.payload.jobId ? [String(r.payload.jobId)] : []));
    expect(jobIds.filter((id) => id.startsWith('sms-') || id.includes('-status-'))).toEqual([
      `sms-${bernds.id}-created`,
    ]);
    expect(jobIds).toEqual(expect.arrayContaining([`email-${order.id}-created`, `print-${rejected.id}-created`]));
    expect(await jobState('sms', `sms-${order.id}-created`)).toBeUndefined();
    expect(await jobState('email', `email-${rejected.id}-status-rejected`)).toBeUndefined();
    expect(await jobState('print', `print-${order.id}-created`)).toBeUndefined();
    expect(await jobState('email', `email-${order.id}-created`)).toBe('waiting');
    expect((await queues.email.getJob(`email-${order.id}-created`))?.data.snapshot.order.customer).toMatchObject({
      email: null,
      lastName: 'Gelöscht',
    });
    // Bernd's are untouched, his rendered receipt too
    expect(await jobState('print', `print-${bernds.id}-created`)).toBe('completed');
    expect((await queues.sms.getJob(`sms-${bernds.id}-created`))?.data.snapshot.order.customer.phone).toBe(
      '+436647654321',
    );
    // a printed receipt keeps its entry without the rendered text; one not printed yet is taken out of the queue
    expect(
      (await ds.getRepository(DeviceQueueEntity).find({ order: { id: 'ASC' } })).map((q) => [q.orderId, q.documents]),
    ).toEqual([[order.id, {}]]);
    expect((await kit.outbox()).find((r) => r.subject === 'order.job.failed')?.payload.reason).toBe(
      'SMTP 550 <[E-Mail]>: mailbox unavailable',
    );
    expect((await kit.outbox()).filter((r) => r.payload.change === 'anonymised').map((r) => r.payload.id)).toEqual([
      order.id,
      rejected.id,
    ]);
    // nowhere in the order schema or under the run's Redis prefix is she left
    expect(await schemaTraces(ds)).toEqual([]);
    expect(await redisTraces(REDIS_URL, prefixes.redis)).toEqual([]);

    // idempotent: the second request finds nothing to erase, and the find nothing to show
    expect((await erase.execute({ subject: ANNAS })).erased.map((e) => e.count)).toEqual([0, 0, 0, 0, 0, 0]);
    const find = new FindOrderData(ds, subjectOrders, repo);
    expect((await find.execute({ subject: ANNAS })).orderIds).toEqual([]);
    expect(tracesIn(await kit.stored(bernds.id))).toEqual([]);
  });

  it('gives a job a worker is running the anonymised data (it cannot be removed while it runs)', async () => {
    const order = await kit.place(1, { ...ANNA, email: 'anna.laufend@example.at' });
    await relayJobs();
    const jobId = `sms-${order.id}-created`;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const worker = new Worker(
      'sms',
      async (job: Job) => {
        if (job.id === jobId) await released;
        return { sent: true };
      },
      { connection, prefix: prefixes.redis },
    );
    try {
      await waitFor(async () => (await jobState('sms', jobId)) === 'active' || null);
      const reply = await erase.execute({ subject: privacySubject({ email: 'anna.laufend@example.at' }) });
      expect(reply.erased).toContainEqual({ kind: 'orders', count: 1 });
      const job = await queues.sms.getJob(jobId);
      expect(await job?.getState()).toBe('active');
      expect(job?.data.snapshot.order.customer).toMatchObject({ phone: null, lastName: 'Gelöscht' });
    } finally {
      release();
      await worker.close();
    }
  });

  it('erases nothing while the connection to Redis is lost: the transaction rolls back and the request can be repeated', async () => {
    const order = await kit.place(1, { ...ANNA, email: 'anna.spaeter@example.at' });
    // queues whose connection to Redis was lost
    const unreachable = createQueues(connection, prefixes.redis);
    for (const queue of Object.values(unreachable)) (await queue.backend.client).disconnect(false);
    const offline = new EraseOrderData(ds, subjectOrders, repo, new QueuedOrderJobs(unreachable), kit.relay);
    try {
      await expect(offline.execute({ subject: privacySubject({ email: 'anna.spaeter@example.at' }) })).rejects.toThrow(
        /not connected/,
      );
      expect((await kit.stored(order.id)).customer.email).toBe('anna.spaeter@example.at');
      expect(
        (await erase.execute({ subject: privacySubject({ email: 'anna.spaeter@example.at' }) })).erased[0],
      ).toEqual({ kind: 'orders', count: 1 });
    } finally {
      await Promise.all(Object.values(unreachable).map((q) => q.close()));
    }
  });
});
