// Two replicas of everything on this machine: two gateways behind a small round-robin TCP load balancer, two
// instances of every service and of the workers, each on its own health port, all from the built dist/ files,
// with an isolated database, NATS subject prefix and Redis key prefix. Used by `npm run replicas` (scripts/replicas/
// start.mjs) and tests/deploy/replicas.e2e-spec.ts.
import { spawn } from 'node:child_process';
import { createConnection, createServer } from 'node:net';
import { SERVICE_ENTRIES, waitForHealth } from '../bench/stack.mjs';
import { checkServices, dropDatabase, ensureDatabase, isolatedEnv, ROOT, TRACING_PRELOAD } from '../lib/env.mjs';
import { freshSecrets, LOCAL_RUN_BASE_URL } from '../lib/secrets.mjs';

/** every backend process with the variable of its health port (the gateway's is its public port) */
export const PROCESSES = {
  catalogue: 'CATALOGUE_HEALTH_PORT',
  identity: 'IDENTITY_HEALTH_PORT',
  order: 'ORDER_HEALTH_PORT',
  content: 'CONTENT_HEALTH_PORT',
  payment: 'PAYMENT_HEALTH_PORT',
  statistics: 'STATISTICS_HEALTH_PORT',
  'time-tracking': 'TIME_TRACKING_HEALTH_PORT',
  signage: 'SIGNAGE_HEALTH_PORT',
  workers: 'WORKERS_HEALTH_PORT',
  gateway: 'GATEWAY_PORT',
};
const ENTRIES = {
  ...SERVICE_ENTRIES,
  statistics: 'services/statistics/dist/main.js',
  'time-tracking': 'services/time-tracking/dist/main.js',
};

/**
 * A TCP load balancer: each new connection goes to the next backend in turn; a backend that refuses the
 * connection (a killed gateway) is skipped for that connection.
 */
export function startLoadBalancer(port, backends) {
  let next = 0;
  const server = createServer((client) => {
    client.pause();
    const tryBackend = (attempt) => {
      if (attempt >= backends.length) return client.destroy();
      const target = backends[next++ % backends.length];
      const upstream = createConnection({ host: '127.0.0.1', port: target });
      upstream.once('connect', () => {
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.once('error', () => (upstream.connecting ? tryBackend(attempt + 1) : client.destroy()));
      client.once('error', () => upstream.destroy());
      client.once('close', () => upstream.destroy());
    };
    tryBackend(0);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** The environment every process of the stack shares (its database, prefixes, one set of secrets, no limits). */
function replicaEnv({ database, natsPrefix, redisPrefix, replicas, processes, extraEnv }) {
  return {
    ...process.env,
    ...isolatedEnv({ database, natsPrefix, redisPrefix }),
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // one set for all: every gateway must accept what every other one signed (sessions, ALTCHA challenges), and
    // both identities must read each other's MFA secrets
    ...freshSecrets(),
    MFA_REQUIRED_FOR_ADMINS: 'false',
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_METRICS_PORT: '0',
    PUBLIC_BASE_URL: LOCAL_RUN_BASE_URL,
    // one budget for every replica's pool (ARCHITECTURE.md "Database pools"): 40 connections (32 in the pools with
    // two replicas: 2 each) leave room in Postgres' default 100 for a test stack and an `npm start` stack beside
    DATABASE_CONNECTION_BUDGET: '40',
    DATABASE_REPLICAS: processes
      .filter((name) => !['workers', 'gateway'].includes(name))
      .map((name) => `${name}=${replicas}`)
      .join(','),
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    ORDER_CHALLENGE_AFTER: '100000',
    ORDER_LIMIT_PER_CLIENT: '100000',
    ORDER_LIMIT_PER_PHONE: '100000',
    ORDER_LIMIT_PER_EMAIL: '100000',
    ...extraEnv,
  };
}

/** Each process's ports, one a replica: the gateways at basePort+1 on, the health ports from basePort+10 on. */
function replicaPorts(processes, replicas, basePort) {
  const ports = {};
  let nextHealth = basePort + 10;
  for (const name of processes)
    ports[name] = Array.from({ length: replicas }, (_, i) => (name === 'gateway' ? basePort + 1 + i : nextHealth++));
  return ports;
}

/**
 * Starts the stack: migrate and seed a fresh database, then two of every process, then the load balancer.
 * `basePort`: the load balancer; gateways at basePort+1 and +2; health ports from basePort+10 on. `processes`: only
 * these kinds (a test that needs a few of them), each `replicas` times.
 */
export async function startReplicaStack({
  database = 'shop_replicas',
  natsPrefix = 'replicas.',
  redisPrefix = 'replicas:',
  basePort = 3700,
  replicas = 2,
  processes = Object.keys(PROCESSES),
  env: extraEnv = {},
  stderr = 'ignore',
} = {}) {
  await checkServices();
  const env = replicaEnv({ database, natsPrefix, redisPrefix, replicas, processes, extraEnv });
  await dropDatabase(env.DATABASE_URL);
  await ensureDatabase(env.DATABASE_URL);
  const { migrateAll } = await import('../migrate.mjs');
  await migrateAll(env.DATABASE_URL);
  const { seedAll } = await import('../seed.mjs');
  const seeded = await seedAll({ url: env.DATABASE_URL });

  const ports = replicaPorts(processes, replicas, basePort);
  const children = new Map();
  const key = (name, i) => `${name}#${i}`;
  const start = (name, i) => {
    const child = spawn(process.execPath, [...TRACING_PRELOAD, ENTRIES[name]], {
      cwd: ROOT,
      env: { ...env, [PROCESSES[name]]: String(ports[name][i]) },
      stdio: ['ignore', 'ignore', stderr],
    });
    child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    children.set(key(name, i), child);
    return child;
  };
  const healthUrl = (name, i) => `http://127.0.0.1:${ports[name][i]}/health`;
  const stop = () => {
    for (const child of children.values())
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stop);
  const stopAndWait = async () => {
    stop();
    await Promise.all([...children.values()].map((c) => c.exited));
  };

  // services first (the gateways ask them at boot), one replica after the other: 2 cores
  const names = processes;
  try {
    for (let i = 0; i < replicas; i++) {
      for (const name of names) start(name, i);
      await Promise.all(names.map((n) => waitForHealth(healthUrl(n, i), { timeoutMs: 120_000, name: key(n, i) })));
    }
  } catch (err) {
    // the caller gets no stack to stop: the processes that did start must not run on beside the next tests
    await stopAndWait();
    throw err;
  }
  const balancer = await startLoadBalancer(basePort, ports.gateway);
  return {
    env,
    seeded,
    ports,
    /** the kinds of process, each running `replicas` times */
    processes,
    url: `http://127.0.0.1:${basePort}`,
    gateways: ports.gateway.map((p) => `http://127.0.0.1:${p}`),
    start: async (name, i) => {
      start(name, i);
      await waitForHealth(healthUrl(name, i), { timeoutMs: 120_000, name: key(name, i) });
    },
    /** kills one replica (SIGKILL: no graceful stop) and resolves when it is gone */
    kill: async (name, i, signal = 'SIGKILL') => {
      const child = children.get(key(name, i));
      child.kill(signal);
      return child.exited;
    },
    async stop() {
      await stopAndWait();
      await new Promise((resolve) => balancer.close(resolve));
    },
  };
}
