import type { ArgumentsHost } from '@nestjs/common';
import { t } from '@shop/i18n-de';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import { firstValueFrom } from 'rxjs';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../database/database.js';
import { createLogger } from '../logging/logger.js';
import { RpcDomainExceptionFilter } from './rpc-exception.filter.js';

const lines: string[] = [];
const filter = new RpcDomainExceptionFilter(
  createLogger(
    'probe',
    'info',
    new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    }),
  ),
);

/** What the filter sends back over NATS for an error a handler threw. */
const answerTo = (err: unknown) =>
  firstValueFrom(filter.catch(err, {} as ArgumentsHost)).catch((wire: Record<string, unknown>) => wire);

const unavailable = {
  code: 'SERVICE_UNAVAILABLE',
  status: 503,
  message: t('http.serviceUnavailable'),
  retryAfter: expect.any(Number),
};

/** The error a query fails with on a pool built like a service's, against a URL and with these limits. */
async function failureOf(url: string, poolSize = 2, connectMs = 2000, hold = 0): Promise<unknown> {
  const ds = new DataSource(
    dataSourceOptions({
      url,
      schema: 'public',
      entities: [],
      migrations: [],
      poolSize,
      timeouts: { statementMs: 5000, lockMs: 5000, idleInTransactionMs: 5000, connectMs },
    }),
  );
  const err = await ds.initialize().catch((e: unknown) => e);
  if (!ds.isInitialized) return err;
  const held = [];
  try {
    for (let i = 0; i < hold; i++) {
      const runner = ds.createQueryRunner();
      await runner.connect();
      held.push(runner);
    }
    return await ds.query('SELECT 1').catch((e: unknown) => e);
  } finally {
    for (const runner of held) await runner.release();
    await ds.destroy();
  }
}

/**
 * Issue 37 item 10: a service that cannot get a database connection (Postgres refuses it, is unreachable, or
 * every pooled connection stays busy past the connect timeout) answers the typed "unavailable" error, which the
 * gateway turns into 503 with Retry-After, never INTERNAL (500).
 */
describe('the RPC exception filter on database connection failures (real Postgres)', () => {
  let db: TestDatabase;
  const role = `t_limited_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase('rpcfilter');
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    // a role that may hold no connection at all: Postgres answers its connect with 53300 (too_many_connections),
    // as it answers every client once max_connections is reached (superusers are exempt from role limits)
    await admin.query(`CREATE ROLE "${role}" LOGIN NOSUPERUSER CONNECTION LIMIT 0`);
  });
  afterAll(async () => {
    await admin?.query(`DROP ROLE IF EXISTS "${role}"`);
    await admin?.end();
    await db?.drop();
  });

  it('answers Postgres refusing the connection (53300 too many connections) as SERVICE_UNAVAILABLE', async () => {
    const url = new URL(db.url);
    url.username = role;
    const err = await failureOf(url.toString());
    expect(err).toMatchObject({ code: '53300' });
    await expect(answerTo(err)).resolves.toMatchObject(unavailable);
  });

  it('answers a server that refuses the TCP connection (ECONNREFUSED) as SERVICE_UNAVAILABLE', async () => {
    const server = createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
    await new Promise((resolve) => server.close(resolve));
    const url = new URL(db.url);
    url.port = String(port);
    const err = await failureOf(url.toString());
    expect(err).toMatchObject({ code: 'ECONNREFUSED' });
    await expect(answerTo(err)).resolves.toMatchObject(unavailable);
  });

  it('answers a pool whose connections all stay busy past the connect timeout as SERVICE_UNAVAILABLE', async () => {
    const err = await failureOf(db.url, 2, 300, 2);
    expect(err).toMatchObject({ message: 'timeout exceeded when trying to connect' });
    await expect(answerTo(err)).resolves.toMatchObject(unavailable);
  });

  it('answers Postgres starting up or shutting down (57P03, 57P01) as SERVICE_UNAVAILABLE', async () => {
    // pg's own error type with the SQLSTATE a server sends while it starts (or is told to stop)
    for (const code of ['57P03', '57P01']) {
      const err = Object.assign(new pg.DatabaseError('the database system is starting up', 0, 'error'), { code });
      await expect(answerTo(err)).resolves.toMatchObject(unavailable);
    }
  });

  it('still answers any other database error as INTERNAL with an errorId that is in the log', async () => {
    const err = await admin.query('SELECT 1/0').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '22012' });
    const wire = (await answerTo(err)) as { code: string; errorId: string; status: number };
    expect(wire).toMatchObject({ code: 'INTERNAL', status: 500, errorId: expect.any(String) });
    expect(lines.some((l) => l.includes(wire.errorId))).toBe(true);
  });
});
