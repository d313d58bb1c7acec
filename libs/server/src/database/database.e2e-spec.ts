import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './database.js';

/** The services' pooled connections carry Postgres time-outs (ARCHITECTURE.md "Reliability and abuse limits"). */
describe('database time-outs on real Postgres', () => {
  let db: TestDatabase;
  let ds: DataSource;
  beforeAll(async () => {
    db = await createTestDatabase('dbtimeouts');
    ds = await new DataSource(
      dataSourceOptions({
        url: db.url,
        schema: 'public',
        entities: [],
        migrations: [],
        poolSize: 3,
        timeouts: { statementMs: 300, lockMs: 200, idleInTransactionMs: 400, connectMs: 1000 },
      }),
    ).initialize();
    await ds.query('CREATE TABLE probe (id int PRIMARY KEY)');
    await ds.query('INSERT INTO probe VALUES (1)');
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('cancels a statement that runs too long', async () => {
    await expect(ds.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
  });

  it('gives up waiting for a lock', async () => {
    const holder = ds.createQueryRunner();
    await holder.startTransaction();
    // the holder waits for the other statement as long as it takes to be sent: not ended for idling meanwhile
    await holder.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    await holder.query('SELECT * FROM probe WHERE id = 1 FOR UPDATE');
    try {
      await expect(ds.query('UPDATE probe SET id = 1 WHERE id = 1')).rejects.toThrow(/lock timeout/);
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
  });

  it('ends a transaction left open without a statement, and its connection is not lost to the pool', async () => {
    const idle = ds.createQueryRunner();
    await idle.startTransaction();
    await idle.query('SELECT 1');
    // the time-out under test: the transaction sits open longer than idleInTransactionMs
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await expect(idle.query('SELECT 1')).rejects.toThrow();
    await idle.release();
    // the pool of 3 still serves three connections at once
    await Promise.all([1, 2, 3].map(() => ds.query('SELECT pg_sleep(0.05)')));
  });
});
