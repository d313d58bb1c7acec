import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  cleanupPrefixes,
  createTestDatabase,
  NATS_URL,
  uniquePrefixes,
  waitFor,
  type TestDatabase,
} from '@shop/testing';
import { STREAMS, type JobItem } from '@shop/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { ensureStream, streamName } from '../bus/jetstream.js';
import { dataSourceOptions } from '../database/database.js';
import { createLogger } from '../logging/logger.js';
import { OutboxEntity } from './outbox.entity.js';
import { addJobToOutbox, addToOutbox, JOB_OUTBOX_PREFIX, OutboxRelay } from './outbox-relay.js';

/** Postgres is the source of truth; the relay publishes every committed row once, even with two relays or a crash. */
describe('outbox relay on real Postgres and JetStream', () => {
  const prefixes = uniquePrefixes('outbox');
  const STREAM = STREAMS.catalogue;
  const tagUpdated = (id: number) => ({ entity: 'tag', id, verb: 'updated' as const, at: new Date().toISOString() });
  let db: TestDatabase;
  let ds: DataSource;
  let nc: NatsConnection;

  beforeAll(async () => {
    db = await createTestDatabase('outbox');
    const setup = new DataSource({ type: 'postgres', url: db.url });
    await setup.initialize();
    await setup.query('CREATE SCHEMA probe');
    await setup.destroy();
    // throwaway test database: tables from the entity
    ds = await new DataSource(
      dataSourceOptions({ url: db.url, schema: 'probe', entities: [OutboxEntity], migrations: [], synchronize: true }),
    ).initialize();
    nc = await connect({ servers: NATS_URL });
    await ensureStream(nc, prefixes.nats, STREAM);
  });
  afterAll(async () => {
    await ds.destroy();
    await nc.close();
    await db.drop();
    await cleanupPrefixes(prefixes);
  });

  const relay = () =>
    new OutboxRelay(ds, jetstream(nc), createLogger('test', 'silent'), {
      subjectPrefix: prefixes.nats,
      msgIdPrefix: `${prefixes.nats}probe`,
      pollIntervalMs: 50,
      batchSize: 25,
    });
  const streamCount = async () =>
    (await (await jetstreamManager(nc)).streams.info(streamName(prefixes.nats, STREAM.name))).state.messages;

  it('publishes 300 rows exactly once with two relays racing, and marks them published', async () => {
    await ds.transaction(async (m) => {
      for (let i = 0; i < 300; i++) await addToOutbox(m, 'catalogue.tag.updated', tagUpdated(i));
    });
    const a = relay();
    const b = relay();
    await Promise.all([a.kick(), b.kick(), a.kick(), b.kick()]);
    await a.stop();
    await b.stop();
    expect(await streamCount()).toBe(300);
    expect(await ds.getRepository(OutboxEntity).count()).toBe(300);
    const unpublished = await ds
      .getRepository(OutboxEntity)
      .createQueryBuilder('o')
      .where('o.publishedAt IS NULL')
      .getCount();
    expect(unpublished).toBe(0);
  });

  it('drops the second copy when a crash left published rows unmarked (Nats-Msg-Id)', async () => {
    await ds
      .getRepository(OutboxEntity)
      .createQueryBuilder()
      .update()
      .set({ publishedAt: null })
      .where('id <= 40')
      .execute();
    const r = relay();
    await r.kick();
    await r.stop();
    expect(await streamCount()).toBe(300);
  });

  it('leaves nothing behind for a rolled-back transaction', async () => {
    await ds
      .transaction(async (m) => {
        await addToOutbox(m, 'catalogue.tag.updated', tagUpdated(-1));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const r = relay();
    await r.kick();
    await r.stop();
    expect(await streamCount()).toBe(300);
  });

  it('goes on publishing events while job dispatch hangs (Redis gone), and dispatches the jobs once it works', async () => {
    const before = await streamCount();
    const job = { name: 'email-order', queue: 'email', jobId: 'email-1-created', data: {} } as unknown as JobItem;
    await ds.transaction(async (m) => {
      await addJobToOutbox(m, job);
      await addToOutbox(m, 'catalogue.tag.updated', tagUpdated(1000));
    });
    let queueUp = false;
    const dispatched: string[] = [];
    const r = new OutboxRelay(ds, jetstream(nc), createLogger('test', 'silent'), {
      subjectPrefix: prefixes.nats,
      msgIdPrefix: `${prefixes.nats}probe`,
      pollIntervalMs: 50,
      dispatchTimeoutMs: 200,
      dispatchRetryMs: 300,
      dispatch: async (row) => {
        if (!row.subject.startsWith(JOB_OUTBOX_PREFIX)) return false;
        // like a BullMQ add while Redis is unreachable: it waits for the reconnect
        if (!queueUp) await new Promise(() => undefined);
        dispatched.push((row.payload as JobItem).jobId);
        return true;
      },
    });
    const unpublishedJobs = () =>
      ds
        .getRepository(OutboxEntity)
        .createQueryBuilder('o')
        .where('o.publishedAt IS NULL AND o.subject LIKE :jobs', { jobs: `${JOB_OUTBOX_PREFIX}%` })
        .getCount();
    await r.kick();
    expect(await streamCount()).toBe(before + 1);
    expect(await unpublishedJobs()).toBe(1);
    queueUp = true;
    r.start();
    await waitFor(async () => (await unpublishedJobs()) === 0 || null, 5000);
    await r.stop();
    expect(dispatched).toEqual(['email-1-created']);
    expect(await streamCount()).toBe(before + 1);
  });
  it("prepares each pass's dispatch once, in the pass's transaction, with its rows, before any row is dispatched", async () => {
    const jobs = [1, 2, 3].map(
      (n) => ({ name: 'email-order', queue: 'email', jobId: `email-${n}-prepared`, data: {} }) as unknown as JobItem,
    );
    await ds.transaction(async (m) => {
      for (const job of jobs) await addJobToOutbox(m, job);
      await addToOutbox(m, 'catalogue.tag.updated', tagUpdated(2000));
    });
    const steps: string[] = [];
    const prepared = new Set<unknown>();
    const r = new OutboxRelay(ds, jetstream(nc), createLogger('test', 'silent'), {
      subjectPrefix: prefixes.nats,
      msgIdPrefix: `${prefixes.nats}probe`,
      batchSize: 2,
      prepareDispatch: async (rows, manager) => {
        prepared.add(manager);
        steps.push(`prepare ${rows.length}`);
      },
      dispatch: async (row, manager) => {
        if (!row.subject.startsWith(JOB_OUTBOX_PREFIX)) return false;
        steps.push(`${prepared.has(manager) ? 'prepared' : 'unprepared'} ${(row.payload as JobItem).jobId}`);
        return true;
      },
    });
    await r.kick();
    await r.stop();
    // two passes of two rows (and one that finds none left: nothing to prepare)
    expect(steps).toEqual([
      'prepare 2',
      'prepared email-1-prepared',
      'prepared email-2-prepared',
      'prepare 2',
      'prepared email-3-prepared',
    ]);
  });

  it('paces its passes: commits within the interval after a pass share the next one, which waits out the interval', async () => {
    const INTERVAL = 1500;
    const passes: Array<{ at: number; rows: number }> = [];
    const r = new OutboxRelay(ds, jetstream(nc), createLogger('test', 'silent'), {
      subjectPrefix: prefixes.nats,
      msgIdPrefix: `${prefixes.nats}probe`,
      passIntervalMs: INTERVAL,
      prepareDispatch: async (rows) => void passes.push({ at: Date.now(), rows: rows.length }),
      dispatch: async () => false,
    });
    const commit = (n: number) => ds.transaction((m) => addToOutbox(m, 'catalogue.tag.updated', tagUpdated(n)));
    const before = await streamCount();
    await commit(3000);
    const start = Date.now();
    await r.kick(); // the first pass: nothing before it to wait for
    // two commits, each kicking, right after it: unpaced, the first kick would start a pass of its own at once
    await commit(3001);
    const second = r.kick();
    await commit(3002);
    await Promise.all([second, r.kick()]);
    await r.stop();
    expect(passes.map((p) => p.rows)).toEqual([1, 2]);
    // (a timer counts from the event loop's clock, a few ms behind Date.now())
    expect(passes[1].at - start).toBeGreaterThanOrEqual(INTERVAL - 20);
    expect(await streamCount()).toBe(before + 3);
  });

  it("finishes the pass under way before a Nest app's close ends its pool (no 'Connection terminated')", async () => {
    const job = { name: 'email-order', queue: 'email', jobId: 'email-2-created', data: {} } as unknown as JobItem;
    await ds.transaction((m) => addJobToOutbox(m, job));
    const warnings: string[] = [];
    let dispatching = false;
    let release: () => void = () => undefined;
    const RELAY = Symbol('RELAY');
    // a service's wiring (ServiceCoreModule): the pool from TypeORM's module, the relay a provider on it
    @Module({
      imports: [
        TypeOrmModule.forRoot(
          dataSourceOptions({ url: db.url, schema: 'probe', entities: [OutboxEntity], migrations: [] }),
        ),
      ],
      providers: [
        {
          provide: RELAY,
          inject: [DataSource],
          useFactory: (pool: DataSource) =>
            new OutboxRelay(
              pool,
              jetstream(nc),
              createLogger('test', 'warn', { write: (l) => void warnings.push(l) }),
              {
                subjectPrefix: prefixes.nats,
                msgIdPrefix: `${prefixes.nats}probe`,
                pollIntervalMs: 50,
                dispatchTimeoutMs: 120_000,
                // a slow job dispatch: the pass holds its claimed rows' transaction meanwhile
                dispatch: async (row) => {
                  if (row.payload && (row.payload as JobItem).jobId !== job.jobId) return false;
                  dispatching = true;
                  await new Promise<void>((r) => (release = r));
                  return true;
                },
              },
            ),
        },
      ],
    })
    class RelayApp {}
    const app = await NestFactory.createApplicationContext(RelayApp, { logger: false });
    app.get<OutboxRelay>(RELAY).start();
    await waitFor(() => dispatching, 10_000);
    const closing = app.close();
    // the close waits for the pass; it used to end the pool here and cut the pass's next query
    await sleep(300);
    release();
    await closing;
    expect(warnings).toEqual([]);
    const [{ publishedAt }] = await ds.query(`SELECT "publishedAt" FROM probe.outbox WHERE payload->>'jobId' = $1`, [
      job.jobId,
    ]);
    expect(publishedAt).not.toBeNull();
  });
});
