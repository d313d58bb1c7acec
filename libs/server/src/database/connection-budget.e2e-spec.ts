import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { BaseConfigSchema, ConfigError, loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import {
  connectionPlan,
  MIN_POOL,
  POOLED_PROCESSES,
  poolSizeOf,
  reportConnectionShare,
  type ConnectionPlan,
} from './connection-budget.js';
import { dataSourceOptions } from './database.js';

const planOf = (env: Record<string, string>): ConnectionPlan => connectionPlan(loadConfig(BaseConfigSchema, env));

/** Issue 37 item 10: every pool of a deployment is sized from one budget (ARCHITECTURE.md "Database pools"). */
describe('the database connection budget', () => {
  it("fits one deployment's full pools into Postgres' default max_connections minus the reserve", () => {
    const plan = planOf({});
    expect(plan.budget).toBe(100 - 10);
    expect(plan.pools).toEqual({
      order: 19,
      catalogue: 13,
      identity: 13,
      content: 13,
      payment: 7,
      statistics: 7,
      'time-tracking': 7,
      signage: 7,
    });
    expect(plan.total).toBe(86);
  });

  it('shares the budget over the replicas of each process, never beyond it', () => {
    for (const budget of [16, 20, 24, 30, 57, 90, 140, 490])
      for (const orderReplicas of [1, 2, 6]) {
        const plan = planOf({
          DATABASE_CONNECTION_BUDGET: String(budget * (orderReplicas > 1 ? 2 : 1)),
          DATABASE_REPLICAS: orderReplicas > 1 ? `order=${orderReplicas},catalogue=2,identity=2,content=2` : '',
        });
        expect(plan.total).toBeLessThanOrEqual(plan.budget);
        for (const p of POOLED_PROCESSES) expect(plan.pools[p]).toBeGreaterThanOrEqual(MIN_POOL);
        // the order service's replica never gets less than any other's
        expect(Math.min(...POOLED_PROCESSES.map((p) => plan.pools.order - plan.pools[p]))).toBeGreaterThanOrEqual(0);
      }
  });

  it('gives every process its minimum when the budget is smaller than that, and says so in the plan', () => {
    const plan = planOf({ DATABASE_CONNECTION_BUDGET: '8' });
    expect(Object.values(plan.pools)).toEqual(POOLED_PROCESSES.map(() => MIN_POOL));
    expect(plan.total).toBeGreaterThan(plan.budget);
  });

  it('takes a fixed DATABASE_POOL_SIZE for every process instead, and counts it', () => {
    const plan = planOf({ DATABASE_POOL_SIZE: '5', DATABASE_REPLICAS: 'order=2' });
    expect(Object.values(plan.pools)).toEqual(POOLED_PROCESSES.map(() => 5));
    expect(plan.total).toBe(5 * (POOLED_PROCESSES.length + 1));
  });

  it('refuses a replica list naming an unknown process or no count, at boot', () => {
    for (const bad of ['gateway=2', 'order', 'order=0', 'order=2,,x=1'])
      expect(() => loadConfig(BaseConfigSchema, { DATABASE_REPLICAS: bad })).toThrow(ConfigError);
    expect(() => poolSizeOf('gateway', planOf({}))).toThrow(/POOL_WEIGHTS/);
  });

  describe('the boot report against the real server', () => {
    let db: TestDatabase;
    let ds: DataSource;
    let maxConnections: number;
    beforeAll(async () => {
      db = await createTestDatabase('budget');
      ds = await new DataSource(
        dataSourceOptions({ url: db.url, schema: 'public', entities: [], migrations: [], poolSize: 2 }),
      ).initialize();
      maxConnections = Number((await ds.query('SHOW max_connections'))[0].max_connections);
    });
    afterAll(async () => {
      await ds?.destroy();
      await db?.drop();
    });
    const reportOf = async (plan: ConnectionPlan, reserved = 10) => {
      const lines: Array<Record<string, unknown>> = [];
      const log = createLogger(
        'order',
        'info',
        new Writable({
          write(chunk, _enc, cb) {
            lines.push(JSON.parse(String(chunk)));
            cb();
          },
        }),
      );
      await reportConnectionShare('order', plan, reserved, ds, log);
      return lines;
    };

    it("logs the process's pool, the budget and its share, and no warning when the plan fits", async () => {
      const plan = planOf({ DATABASE_CONNECTION_BUDGET: String(maxConnections - 10), DATABASE_REPLICAS: 'order=2' });
      const lines = await reportOf(plan);
      expect(lines).toEqual([
        expect.objectContaining({
          level: 'info',
          pool: plan.pools.order,
          budget: plan.budget,
          share: 2 * plan.pools.order,
          planned: plan.total,
        }),
      ]);
    });

    it("warns when the deployment's pools exceed the server's max_connections minus the reserve", async () => {
      const plan = planOf({ DATABASE_MAX_CONNECTIONS: String(maxConnections * 3) });
      expect(plan.total).toBeGreaterThan(maxConnections - 10);
      const lines = await reportOf(plan);
      expect(lines[1]).toMatchObject({ level: 'warn', maxConnections, reserved: 10, planned: plan.total });
      // the reserve counts: a plan that fits the server exactly does not fit once connections are kept free
      const exact = planOf({
        DATABASE_POOL_SIZE: String(Math.floor(maxConnections / POOLED_PROCESSES.length)),
        DATABASE_CONNECTION_BUDGET: String(maxConnections),
      });
      expect((await reportOf(exact, 0)).map((l) => l.level)).toEqual(['info']);
      expect((await reportOf(exact, 10)).map((l) => l.level)).toEqual(['info', 'warn']);
    });

    it("behind PgBouncer checks the pools against the budget alone, however far past Postgres' limit", async () => {
      // deploy/k8s: the pools are PgBouncer's clients, Postgres sees its few server connections
      const plan = planOf({
        DATABASE_POOLER: 'pgbouncer',
        DATABASE_CONNECTION_BUDGET: String(maxConnections * 3),
        DATABASE_REPLICAS: 'order=6,catalogue=2',
      });
      expect(plan.total).toBeGreaterThan(maxConnections);
      expect(await reportOf(plan)).toEqual([expect.objectContaining({ level: 'info', pooler: 'pgbouncer' })]);
      const tooSmall = planOf({
        DATABASE_POOLER: 'pgbouncer',
        DATABASE_POOL_SIZE: '20',
        DATABASE_CONNECTION_BUDGET: '50',
      });
      expect((await reportOf(tooSmall)).map((l) => l.level)).toEqual(['info', 'warn']);
    });
  });
});
