import type { DataSource } from 'typeorm';
import { orderInsert } from '../../test/order-insert.js';
import { orderTestDatabase, silentLogger, testConfig } from '../../test/order-test-database.js';
import { OrderGroupCommit } from './order-group-commit.js';
import { OrderWriteRepository, type OrderInsert } from './order-write.repository.js';

/** Group commit (issue 45) on real Postgres: orders arriving together share one statement, and fail alone. */
describe('OrderGroupCommit (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let repo: OrderWriteRepository;
  let statements: number;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('order_group_commit'));
    repo = new OrderWriteRepository(ds);
    const insertMany = repo.insertMany.bind(repo);
    repo.insertMany = (...args) => {
      statements++;
      return insertMany(...args);
    };
  });
  beforeEach(() => (statements = 0));
  afterAll(() => close());

  const groupCommit = (o: Parameters<typeof testConfig>[0] = {}, repository = repo) =>
    new OrderGroupCommit(
      repository,
      testConfig({
        ORDER_BATCH_WINDOW_MS: 2,
        ORDER_BATCH_MAX: 100,
        ORDER_BATCH_IN_FLIGHT: 1,
        IDEMPOTENCY_TTL_HOURS: 24,
        ...o,
      }),
      silentLogger(),
    );
  const order = (o: Partial<OrderInsert> = {}) => orderInsert(repo, o);
  const orders = (n: number, o: Partial<OrderInsert> = {}) => Promise.all(Array.from({ length: n }, () => order(o)));
  const stored = async (ids: number[]) =>
    (await ds.query(`SELECT id FROM "order"."order" WHERE id = ANY($1)`, [ids])).map((r: { id: number }) => r.id);

  it('writes the orders that arrive within the window in one statement, tickets 1…n of the branch', async () => {
    const gc = groupCommit();
    const batch = await orders(20, { branchId: 102 });
    const written = await Promise.all(batch.map((o) => gc.write(o)));
    expect(statements).toBe(1);
    expect(written).toEqual(Array.from({ length: 20 }, (_, k) => ({ locked: true, ticket: k + 1 })));
    expect(await stored(batch.map((o) => o.id))).toHaveLength(20);
  });

  it('orders that come while a batch is written go together in the next one, at most ORDER_BATCH_MAX each', async () => {
    const gc = groupCommit({ ORDER_BATCH_MAX: 8, ORDER_BATCH_WINDOW_MS: 0 });
    const batch = await orders(20, { branchId: 103 });
    const tickets = (await Promise.all(batch.map((o) => gc.write(o)))).map((w) => w.ticket);
    expect(statements).toBe(3); // 8 + 8 + 4
    expect(tickets).toEqual(Array.from({ length: 20 }, (_, k) => k + 1));
  });

  it('a key twice in the window: the second waits for the next batch and finds the key taken', async () => {
    const gc = groupCommit();
    const [first, again] = await orders(2, { branchId: 104, idempotencyKey: 'gc-twice' });
    const results = await Promise.all([gc.write(first!), gc.write(again!)]);
    expect(results).toEqual([
      { locked: true, ticket: 1 },
      { locked: true, ticket: null },
    ]);
    expect(statements).toBe(2);
  });

  it('an order Postgres refuses fails alone: the others of its batch are written with gapless tickets', async () => {
    const gc = groupCommit();
    const good = await orders(3, { branchId: 105 });
    // a line whose amount is no number: the batch's statement fails as a whole
    const bad = await order({
      branchId: 105,
      lines: [
        {
          position: 0,
          productId: 11,
          name: 'Pizza',
          amount: 'viele' as unknown as number,
          unit: 'piece',
          parts: {},
          gross: 19,
          taxRate: 10,
        },
      ],
    });
    const results = await Promise.allSettled([good[0]!, bad, good[1]!, good[2]!].map((o) => gc.write(o)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const tickets = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.ticket] : []));
    expect(tickets.sort()).toEqual([1, 2, 3]);
    expect(await stored([bad.id])).toEqual([]);
    expect((await stored(good.map((o) => o.id))).sort()).toEqual(good.map((o) => o.id).sort());
  });

  it('a batch whose connection is lost is not written again: it may have committed, so each caller gets the error', async () => {
    const lost = new OrderWriteRepository(ds);
    let calls = 0;
    lost.insertMany = () => {
      calls++;
      return Promise.reject(new Error('Connection terminated unexpectedly'));
    };
    const gc = groupCommit({}, lost);
    const results = await Promise.allSettled((await orders(3, { branchId: 106 })).map((o) => gc.write(o)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls).toBe(1);
  });
});
