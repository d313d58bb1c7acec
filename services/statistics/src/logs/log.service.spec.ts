import type { Actor, GatewayErrorEvent } from '@shop/contracts';
import { dataSourceOptions, migrate } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { statisticsDatabase } from '../database/data-source.js';
import { gatewayErrorEntry, KEPT_ERROR_IDS } from './log-entries.js';
import { LogEntity } from './log.entity.js';
import { LogService } from './log.service.js';

const ADMIN: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };

/** Issue 15, item 13: a storm of the same 500 is one system log entry with a count, not one entry each. */
describe('LogService: repeated 500s (real Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let logs: LogService;
  beforeAll(async () => {
    db = await createTestDatabase('statistics_log_dedup');
    await migrate(statisticsDatabase(db.url));
    ds = await new DataSource(dataSourceOptions({ ...statisticsDatabase(db.url), poolSize: 4 })).initialize();
    logs = new LogService(ds);
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  const WINDOW_START = Date.parse('2026-11-20T10:10:00.000Z');
  const error = (path: string, atMs: number, detail: string | null = 'boom 1'): GatewayErrorEvent => ({
    errorId: randomUUID(),
    requestId: randomUUID(),
    method: 'GET',
    path,
    origin: 'gateway',
    detail,
    at: new Date(atMs).toISOString(),
  });
  const record = (e: GatewayErrorEvent) => logs.recordRepeated(gatewayErrorEntry(e, 10), e.errorId, new Date(e.at));
  const entriesOf = async (path: string) =>
    (await ds.getRepository(LogEntity).find({ order: { createdAt: 'ASC' } })).filter((l) => l.context.path === path);

  it('stores 50 equal 500s of one window as one entry with their count, last time and latest errorIds', async () => {
    const storm = Array.from({ length: 50 }, (_, i) => error('/api/storm', WINDOW_START + 1000 * i, `boom ${i}`));
    // concurrently, as several gateways' events arrive
    await Promise.all(storm.map(record));
    const [entry, ...others] = await entriesOf('/api/storm');
    expect(others).toHaveLength(0);
    expect(entry.context).toMatchObject({ count: 50, fingerprint: expect.any(String) });
    expect(new Date(entry.context.lastSeenAt as string).getTime()).toBe(WINDOW_START + 49_000);
    const kept = entry.context.errorIds as string[];
    expect(kept).toHaveLength(KEPT_ERROR_IDS);
    expect(new Set(kept).size).toBe(KEPT_ERROR_IDS);
    // the entry is found by its first errorId (the message) and by a recent one (the context), as support searches;
    // the first is whichever of the concurrent events was stored first
    const first = entry.context.errorId as string;
    expect(storm.map((e) => e.errorId)).toContain(first);
    expect(entry.message).toContain(first);
    const search = async (text: string) =>
      (await logs.list(ADMIN, { search: text })).items.filter((l) => l.context.path === '/api/storm');
    expect(await search(first)).toHaveLength(1);
    expect(await search(kept[KEPT_ERROR_IDS - 1])).toHaveLength(1);
  });

  it('counts a redelivered event once', async () => {
    const first = error('/api/redelivered', WINDOW_START);
    const second = error('/api/redelivered', WINDOW_START + 5000);
    await record(first);
    await record(second);
    await record(second);
    await record(first);
    const [entry] = await entriesOf('/api/redelivered');
    expect(entry.context.count).toBe(2);
  });

  it('keeps different errors apart, and the same error in the next window is a new entry', async () => {
    await record(error('/api/a', WINDOW_START));
    await record(error('/api/a', WINDOW_START + 1000, 'something else'));
    await record(error('/api/a', WINDOW_START + 600_000));
    const entries = await entriesOf('/api/a');
    expect(entries.map((l) => l.context.count)).toEqual([1, 1, 1]);
    expect(new Set(entries.map((l) => l.eventKey)).size).toBe(3);
  });
});
