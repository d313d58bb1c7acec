import type { DataSource, QueryRunner } from 'typeorm';
import { orderInsert } from '../../test/order-insert.js';
import { orderTestDatabase } from '../../test/order-test-database.js';
import { OrderWriteRepository, type OrderInsert } from './order-write.repository.js';

/** The orders' one statement on real Postgres: what it writes, and what a key already taken or in flight does. */
describe('OrderWriteRepository (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let repo: OrderWriteRepository;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('order_write_repository'));
    repo = new OrderWriteRepository(ds);
  });
  afterAll(() => close());

  const order = (o: Partial<OrderInsert> = {}) => orderInsert(repo, o);
  const insertAll = (orders: OrderInsert[]) => repo.onOneConnection((r) => repo.insertMany(r, orders, 24));
  const insert = async (o: OrderInsert) => (await insertAll([o]))[0];

  it('writes the order with the next ticket number of its branch, its lines and its outbox rows, in one statement', async () => {
    const first = await order({ branchId: 7 });
    const second = await order({ branchId: 7 });
    const other = await order({ branchId: 8 });
    expect(await insert(first)).toEqual({ locked: true, ticket: 1 });
    expect(await insert(second)).toEqual({ locked: true, ticket: 2 });
    expect(await insert(other)).toEqual({ locked: true, ticket: 1 });
    const [stored] = await ds.query(
      `SELECT "ticketNumber", "totalGross", customer FROM "order"."order" WHERE id = $1`,
      [second.id],
    );
    expect(stored).toEqual({ ticketNumber: 2, totalGross: '19.00', customer: { firstName: 'Anna' } });
    const lines = await ds.query(`SELECT name, amount FROM "order"."order_item" WHERE "orderId" = $1`, [second.id]);
    expect(lines).toEqual([{ name: 'Pizza', amount: '2' }]);
    // a job's snapshot gets the ticket number the statement drew; the event keeps its payload
    const rows = await ds.query(
      `SELECT subject, payload FROM "order"."outbox" WHERE payload->>'id' = $1 OR payload->>'jobId' = $2 ORDER BY id`,
      [String(second.id), `email-${second.id}-created`],
    );
    expect(rows).toEqual([
      { subject: 'order.order.created', payload: { id: second.id } },
      {
        subject: 'job.email',
        payload: { jobId: `email-${second.id}-created`, data: { snapshot: { order: { ticketNumber: 2 } } } },
      },
    ]);
  });

  it('claims an Idempotency-Key with the answer; a key taken writes nothing, and its first answer is found', async () => {
    const first = await order({ idempotencyKey: 'key-1', requestHash: 'body-1' });
    expect((await insert(first)).ticket).toEqual(expect.any(Number));
    const again = await order({ idempotencyKey: 'key-1', requestHash: 'body-1' });
    expect(await insert(again)).toEqual({ locked: true, ticket: null });
    expect(await ds.query(`SELECT 1 FROM "order"."order" WHERE id = $1`, [again.id])).toEqual([]);
    const answer = await repo.onOneConnection((r) => repo.firstAnswer(r, 'key-1'));
    expect(answer).toMatchObject({ requestHash: 'body-1', status: 201, response: { id: first.id } });
    expect(await repo.onOneConnection((r) => repo.firstAnswer(r, 'key-unknown'))).toBeUndefined();
  });

  it('a key whose order another statement is writing right now is not locked: nothing written', async () => {
    const blocker: QueryRunner = ds.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    try {
      await blocker.query(`SELECT pg_advisory_xact_lock(hashtextextended('key-busy', 42))`);
      const busy = await order({ idempotencyKey: 'key-busy' });
      expect(await insert(busy)).toEqual({ locked: false, ticket: null });
    } finally {
      await blocker.rollbackTransaction();
      await blocker.release();
    }
  });

  it('takes over a key older than the replay window', async () => {
    await insert(await order({ idempotencyKey: 'key-old', requestHash: 'old' }));
    await ds.query(
      `UPDATE "order"."idempotency_key" SET "createdAt" = now() - interval '25 hours' WHERE key = 'key-old'`,
    );
    const renewed = await order({ idempotencyKey: 'key-old', requestHash: 'new' });
    expect((await insert(renewed)).ticket).toEqual(expect.any(Number));
    expect(await repo.onOneConnection((r) => repo.firstAnswer(r, 'key-old'))).toMatchObject({ requestHash: 'new' });
  });

  it('writes a batch in one statement: tickets per branch in batch order, each order with its own lines and jobs', async () => {
    const batch = [
      await order({ branchId: 21 }),
      await order({ branchId: 22 }),
      await order({ branchId: 21, idempotencyKey: 'batch-a' }),
      await order({ branchId: 21 }),
      await order({ branchId: 22, idempotencyKey: 'batch-b' }),
    ];
    expect(await insertAll(batch)).toEqual([
      { locked: true, ticket: 1 },
      { locked: true, ticket: 1 },
      { locked: true, ticket: 2 },
      { locked: true, ticket: 3 },
      { locked: true, ticket: 2 },
    ]);
    expect(await insertAll([await order({ branchId: 22 }), await order({ branchId: 21 })])).toEqual([
      { locked: true, ticket: 3 },
      { locked: true, ticket: 4 },
    ]);
    const ids = batch.map((o) => o.id);
    const stored = await ds.query(
      `SELECT o.id, o."ticketNumber", count(i.*)::int AS lines FROM "order"."order" o
         JOIN "order"."order_item" i ON i."orderId" = o.id WHERE o.id = ANY($1) GROUP BY o.id ORDER BY o.id`,
      [ids],
    );
    expect(stored).toEqual(batch.map((o, k) => ({ id: o.id, ticketNumber: [1, 1, 2, 3, 2][k], lines: 1 })));
    // each order's job rows carry its own ticket; the outbox keeps the batch's order (the relay publishes by id)
    const rows = await ds.query(
      `SELECT payload->>'jobId' AS job, payload->'data'->'snapshot'->'order'->>'ticketNumber' AS ticket
         FROM "order"."outbox" WHERE payload->>'jobId' = ANY($1) ORDER BY id`,
      [ids.map((id) => `email-${id}-created`)],
    );
    expect(rows).toEqual(batch.map((o, k) => ({ job: `email-${o.id}-created`, ticket: String([1, 1, 2, 3, 2][k]) })));
  });

  it('in a batch, an order whose key is taken writes nothing and does not hold back the others or their tickets', async () => {
    await insert(await order({ branchId: 31, idempotencyKey: 'batch-taken' }));
    const taken = await order({ branchId: 31, idempotencyKey: 'batch-taken' });
    const next = await order({ branchId: 31 });
    expect(await insertAll([taken, next])).toEqual([
      { locked: true, ticket: null },
      { locked: true, ticket: 2 },
    ]);
    expect(await ds.query(`SELECT 1 FROM "order"."order" WHERE id = $1`, [taken.id])).toEqual([]);
  });

  it('hands out order ids in blocks from the sequence', async () => {
    const ids = await repo.onOneConnection((r) => repo.nextIds(r, 5));
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  });
});
