import { z } from 'zod';
import { MIN_POOL, POOLED_PROCESSES, type PooledProcess } from '../database/connection-budget.js';
import { productionProblems, readSettingFiles, type SettingProblem } from './production-settings.js';

/**
 * A setting that lists values, comma-separated (`AT,DE,CH`): each entry trimmed and given to `normalize` (e.g.
 * upper-case), empty entries left out. `fallback` is the default as it would be written in the environment.
 */
export const commaList = (fallback: string, normalize: (entry: string) => string = (entry) => entry) =>
  z
    .string()
    .default(fallback)
    .transform((list) =>
      list
        .split(',')
        .map((entry) => normalize(entry.trim()))
        .filter(Boolean),
    );

/** Settings every backend process shares. Defaults point at the local services on their standard ports. */
export const BaseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/shop'),
  /**
   * The database connection budget (libs/server/src/database/connection-budget.ts, ARCHITECTURE.md "Database
   * pools"): the server's max_connections as planned, what stays free of it, the share of this deployment (by
   * default all the rest) and how many replicas of each process share it ("order=6,catalogue=2"; 1 where unnamed).
   */
  DATABASE_MAX_CONNECTIONS: z.coerce.number().int().min(10).default(100),
  DATABASE_RESERVED_CONNECTIONS: z.coerce.number().int().min(0).default(10),
  DATABASE_CONNECTION_BUDGET: z.coerce.number().int().min(MIN_POOL).optional(),
  DATABASE_REPLICAS: z
    .string()
    .default('')
    .transform((list, ctx) => {
      const replicas: Partial<Record<PooledProcess, number>> = {};
      for (const entry of list.split(',').filter((e) => e.trim())) {
        const [name, count] = entry.split('=').map((s) => s.trim());
        if (!POOLED_PROCESSES.includes(name as PooledProcess) || !/^[1-9]\d*$/.test(count ?? '')) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not <${POOLED_PROCESSES.join('|')}>=<replicas>` });
          return z.NEVER;
        }
        replicas[name as PooledProcess] = Number(count);
      }
      return replicas;
    }),
  /**
   * `pgbouncer` when DATABASE_URL names PgBouncer in transaction pooling (deploy/k8s): the pools then share
   * PgBouncer's client connections, and Postgres sees only PgBouncer's server connections, so the budget is checked
   * against itself at boot, not against Postgres' max_connections (see reportConnectionShare)
   */
  DATABASE_POOLER: z.enum(['none', 'pgbouncer']).default('none'),
  /** every service process's pool, instead of its share of the budget (requests and the outbox relay share it) */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(MIN_POOL).max(200).optional(),
  /** Postgres gives up on a statement after this long (the request fails, its connection goes back to the pool) */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** ... on waiting for a row or table lock */
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** ... on a transaction that sits open without a statement (ends it, frees its connection and locks) */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** a request waits this long for a free pooled connection */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /**
   * NATS credentials: deploy/k8s gives every process and the NATS servers the one user of its Secret (no anonymous
   * clients there). Unset, a process connects anonymously, as to the NATS of `npm start` and the tests.
   */
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  /**
   * the CA certificate (a file) that signed the NATS servers' certificate: set, every connection uses TLS and checks
   * the server with it (deploy/k8s/components/nats-tls); unset, plain TCP
   */
  NATS_TLS_CA_FILE: z.string().min(1).optional(),
  /** Prepended to every NATS subject and stream name; lets parallel test runs share one NATS server. */
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^([a-z0-9_-]+\.)?$/)
    .default(''),
  /** Prepended to every Redis key. */
  REDIS_PREFIX: z.string().max(64).default('shop:'),
  /**
   * Pause between reconnect attempts after NATS went away. Every connection (RPC server and client, events)
   * reconnects without end: a service must answer again whenever NATS is back, however long it was gone.
   */
  NATS_RECONNECT_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** copies of each stream this process creates (3 on a 3-node JetStream cluster, see deploy/k8s) */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /**
   * The outbox relay's passes start at least this far apart under load (OutboxRelayOptions.passIntervalMs): events
   * and jobs leave at most this much later, in fewer, fuller passes (issue 45: 100 ms cut the request path's CPU per
   * order by 18 % in bench:order-full against passes back to back; scripts/bench/README.md, eleventh round).
   */
  OUTBOX_PASS_INTERVAL_MS: z.coerce.number().int().min(0).max(1000).default(100),
  /**
   * Rows the outbox relay claims and publishes at once (OutboxRelayOptions.batchSize; their JetStream publishes go
   * out together, and a full batch is followed by the next right away). The signage service's default is larger.
   */
  OUTBOX_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(100),
  NATS_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /**
   * The services' shared secret: a request a service makes on its own behalf is signed with it (HMAC), so no
   * other client on the bus can pass for a service. Set the same value for every process in production, where
   * the public default is refused (production-settings.ts).
   */
  SERVICE_SECRET: z.string().min(16).default('development-only-service-secret'),
  /** where spans go (OTLP/HTTP, e.g. http://otel-collector:4318); unset: no exporter (the context still travels) */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** how long a graceful stop (SIGTERM, SIGINT) may take before the process exits anyway */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
});
export type BaseConfig = z.infer<typeof BaseConfigSchema>;

export class ConfigError extends Error {}

/** the names of the settings a schema reads (its object's keys, under refinements and transforms) */
function settingNames(schema: z.ZodType): Set<string> {
  let inner: unknown = schema;
  while (inner && !(inner instanceof z.ZodObject)) {
    const def = (inner as { def?: { in?: unknown; innerType?: unknown } }).def;
    inner = def?.in ?? def?.innerType;
  }
  return new Set(inner ? Object.keys((inner as z.ZodObject).shape) : []);
}

/**
 * The only place that reads process.env: parses it with the app's schema at boot and fails with a list
 * of every bad variable, so a misconfigured process never starts half-working. A setting may come from the file its
 * `NAME_FILE` names (Docker and Kubernetes secrets); under NODE_ENV=production public, short or example secrets and a
 * public address on localhost are refused too (production-settings.ts).
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const names = settingNames(schema);
  const files = readSettingFiles(env, names);
  const result = schema.safeParse(files.env);
  const problems: SettingProblem[] = [
    ...files.problems,
    ...(result.success
      ? []
      : result.error.issues.map((i) => ({ name: i.path.join('.') || '(env)', message: i.message }))),
    ...(files.env.NODE_ENV === 'production' ? productionProblems(files.env, names) : []),
  ];
  if (problems.length) {
    const lines = problems.map((p) => `  ${p.name}: ${p.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data as z.infer<S>;
}
