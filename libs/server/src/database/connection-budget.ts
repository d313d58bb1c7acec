import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';

/**
 * The processes that hold Postgres connections (the gateway and the workers hold none) and how much of the
 * deployment's budget each replica gets, relative to the others: the order service takes every order, reads the
 * order lists and runs the busiest outbox; catalogue, identity and content serve the storefront's start-up,
 * logins and pages; the rest answer the back office now and then.
 */
export const POOL_WEIGHTS = {
  order: 3,
  catalogue: 2,
  identity: 2,
  content: 2,
  payment: 1,
  statistics: 1,
  'time-tracking': 1,
  signage: 1,
} as const;
export type PooledProcess = keyof typeof POOL_WEIGHTS;
export const POOLED_PROCESSES = Object.keys(POOL_WEIGHTS) as PooledProcess[];

/** the fewest connections a process works with: one for its outbox relay and one for a request */
export const MIN_POOL = 2;

/** The settings of the budget (BaseConfig's DATABASE_* variables). */
export interface BudgetSettings {
  DATABASE_MAX_CONNECTIONS: number;
  DATABASE_RESERVED_CONNECTIONS: number;
  DATABASE_CONNECTION_BUDGET?: number;
  DATABASE_REPLICAS: Partial<Record<PooledProcess, number>>;
  DATABASE_POOL_SIZE?: number;
  /** `pgbouncer`: the pools connect to PgBouncer, not to Postgres (config.ts) */
  DATABASE_POOLER?: 'none' | 'pgbouncer';
}

export interface ConnectionPlan {
  /** connections the whole deployment may hold: every replica of every process together */
  budget: number;
  /** pool size of one replica of each process */
  pools: Record<PooledProcess, number>;
  replicas: Record<PooledProcess, number>;
  /** what the deployment holds when every pool is full: Σ pool × replicas */
  total: number;
  /** whether the pools reach Postgres through PgBouncer, whose server connections are what Postgres counts */
  pooled: boolean;
}

/**
 * One budget for every pool of a deployment: budget = DATABASE_CONNECTION_BUDGET, or else the server's
 * DATABASE_MAX_CONNECTIONS minus DATABASE_RESERVED_CONNECTIONS (superuser, migrations, backups, psql). Each replica
 * gets MIN_POOL, and what is left is shared by weight × replicas:
 *   pool(p) = MIN_POOL + floor((budget − MIN_POOL × Σ replicas) × weight(p) / Σ (weight × replicas))
 * Rounding down keeps Σ pool × replicas ≤ budget whenever the budget covers the minimums. DATABASE_POOL_SIZE, when
 * set, is every process's pool instead (the plan then says what that adds up to).
 */
export function connectionPlan(c: BudgetSettings): ConnectionPlan {
  const budget = c.DATABASE_CONNECTION_BUDGET ?? c.DATABASE_MAX_CONNECTIONS - c.DATABASE_RESERVED_CONNECTIONS;
  const replicas = Object.fromEntries(POOLED_PROCESSES.map((p) => [p, c.DATABASE_REPLICAS[p] ?? 1])) as Record<
    PooledProcess,
    number
  >;
  const sum = (f: (p: PooledProcess) => number) => POOLED_PROCESSES.reduce((n, p) => n + f(p), 0);
  const spare = Math.max(0, budget - MIN_POOL * sum((p) => replicas[p]));
  const weighted = sum((p) => POOL_WEIGHTS[p] * replicas[p]);
  const pools = Object.fromEntries(
    POOLED_PROCESSES.map((p) => [
      p,
      c.DATABASE_POOL_SIZE ?? MIN_POOL + Math.floor((spare * POOL_WEIGHTS[p]) / weighted),
    ]),
  ) as Record<PooledProcess, number>;
  return {
    budget,
    pools,
    replicas,
    total: sum((p) => pools[p] * replicas[p]),
    pooled: c.DATABASE_POOLER === 'pgbouncer',
  };
}

/** This process's pool; a process that holds connections but is missing from POOL_WEIGHTS is a mistake. */
export function poolSizeOf(name: string, plan: ConnectionPlan): number {
  if (!(name in plan.pools)) throw new Error(`${name} has no share of the database budget: add it to POOL_WEIGHTS`);
  return plan.pools[name as PooledProcess];
}

/**
 * At boot: logs this process's share of the budget and warns when the deployment's pools, all full, would take
 * more than Postgres allows (its max_connections minus the reserve), or more than the budget: then a burst ends in
 * refused connections (answered with 503) instead of requests waiting for a pooled one. Behind PgBouncer the pools
 * are PgBouncer's clients and may well outnumber Postgres' max_connections: there only the budget counts (its
 * server connections are the deployment's to size, tests/deploy/kubernetes.spec.ts checks them).
 */
export async function reportConnectionShare(
  name: string,
  plan: ConnectionPlan,
  reserved: number,
  ds: DataSource,
  logger: Logger,
): Promise<void> {
  const pool = poolSizeOf(name, plan);
  const share = { pool, budget: plan.budget, share: pool * plan.replicas[name as PooledProcess], planned: plan.total };
  logger.info(
    { ...share, ...(plan.pooled && { pooler: 'pgbouncer' }) },
    `${name}: ${pool} database connections per replica`,
  );
  if (plan.pooled) {
    if (plan.total > plan.budget)
      logger.warn(
        { ...share, replicas: plan.replicas },
        "the pools of this deployment can take more connections than DATABASE_CONNECTION_BUDGET (PgBouncer's " +
          'clients, its max_client_conn): raise the one or lower the pools',
      );
    return;
  }
  const [row] = (await ds.query('SHOW max_connections')) as Array<{ max_connections: string }>;
  const usable = Number(row?.max_connections) - reserved;
  if (plan.total > Math.min(usable, plan.budget))
    logger.warn(
      { ...share, maxConnections: Number(row?.max_connections), reserved, replicas: plan.replicas },
      'the pools of this deployment can take more connections than Postgres allows (max_connections minus ' +
        'DATABASE_RESERVED_CONNECTIONS) or than DATABASE_CONNECTION_BUDGET: raise the one or lower the pools',
    );
}
