// Shared by the benches and the crash drill: an isolated stack (own database, NATS subject prefix, Redis key
// prefix and ports) started from the built dist/ files, so it never disturbs `npm start` or the tests.
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { checkServices, dropDatabase, ensureDatabase, isolatedEnv, ROOT } from '../lib/env.mjs';
import { freshSecrets, LOCAL_RUN_BASE_URL } from '../lib/secrets.mjs';

export const SERVICE_ENTRIES = {
  catalogue: 'services/catalogue/dist/main.js',
  identity: 'services/identity/dist/main.js',
  order: 'services/order/dist/main.js',
  content: 'services/content/dist/main.js',
  payment: 'services/payment/dist/main.js',
  workers: 'services/workers/dist/main.js',
  signage: 'services/signage/dist/main.js',
  gateway: 'gateway/dist/main.js',
};
const HEALTH_ENV = {
  catalogue: 'CATALOGUE_HEALTH_PORT',
  identity: 'IDENTITY_HEALTH_PORT',
  order: 'ORDER_HEALTH_PORT',
  content: 'CONTENT_HEALTH_PORT',
  payment: 'PAYMENT_HEALTH_PORT',
  workers: 'WORKERS_HEALTH_PORT',
  signage: 'SIGNAGE_HEALTH_PORT',
};

/** BENCH_PROFILE=order (or gateway,workers, …): node's flags that write a V8 CPU profile of that process to tmp/profiles */
export const profileFlags = (name) =>
  (process.env.BENCH_PROFILE ?? '').split(',').includes(name)
    ? ['--cpu-prof', `--cpu-prof-dir=${ROOT}tmp/profiles`]
    : [];

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Seconds each measured run of a bench lasts (BENCH_DURATION, default 10). */
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds of the uncounted run before, where a bench has one (BENCH_WARMUP, default 3). */
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);

/**
 * Open-loop load at a steady rate (the benches' "80 % of peak" runs): one request every 1/rate s on a pool of
 * keep-alive connections, each timed from the moment it was due (as wrk2 does: a stall of the system under test
 * counts in full). autocannon's overallRate is no steady rate: each connection sends its share of a second back to
 * back and then waits for the next second (the stack ran at full load for most of each second and idled for the
 * rest), and it "corrects" its percentiles for an expected interval of 1 ms. `request` is an autocannon request
 * (its setupRequest and onResponse are called the same way); answers autocannon's result shape.
 */
export async function runAtRate(baseUrl, request, duration, rate) {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const latencies = [];
  const result = { errors: 0, timeouts: 0, non2xx: 0, statusCodeStats: {} };
  const send = (due) =>
    new Promise((resolve) => {
      const context = {};
      const { body, headers } = request.setupRequest?.({ ...request }, context) ?? request;
      const req = httpRequest(
        `${baseUrl}${request.path}`,
        { method: request.method ?? 'GET', agent, headers },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - due);
            const stat = (result.statusCodeStats[res.statusCode] ??= { count: 0 });
            stat.count++;
            if (res.statusCode >= 300) result.non2xx++;
            request.onResponse?.(res.statusCode, Buffer.concat(chunks).toString('utf8'), context);
            resolve();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', (err) => {
        if (err.message === 'timeout') result.timeouts++;
        else result.errors++;
        resolve();
      });
      req.end(body);
    });
  const inFlight = [];
  const late = []; // how late each request left this process (its own share of the latency on a busy machine)
  const start = performance.now();
  const total = Math.round(duration * rate);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    late.push(performance.now() - due);
    inFlight.push(send(due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  const at = (list, q) => {
    list.sort((a, b) => a - b);
    return Math.round(list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0);
  };
  return {
    ...result,
    requests: { average: latencies.length / duration },
    latency: { p50: at(latencies, 0.5), p99: at(latencies, 0.99) },
    sentLate: { p99: at(late, 0.99) },
  };
}

/** Polls an HTTP health endpoint until it answers 2xx; throws after timeoutMs. */
export async function waitForHealth(url, { timeoutMs = 30_000, name = url } = {}) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`${name} did not become healthy (${url})`);
    await sleep(250);
  }
}

/** Drops every JetStream stream whose name starts with the prefix's stream form ('drill.' → 'drill_'). */
export async function deleteStreams(natsUrl, natsPrefix) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const streamPrefix = natsPrefix.replace(/[^A-Za-z0-9_-]/g, '_');
    const names = [];
    for await (const name of jsm.streams.names())
      if (name.startsWith(streamPrefix) || name.startsWith(`OBJ_${streamPrefix}`)) names.push(name);
    for (const name of names) await jsm.streams.delete(name);
    return names;
  } finally {
    await nc.close();
  }
}

/** Deletes every Redis key starting with the prefix (SCAN, never KEYS). */
export async function deleteRedisKeys(redisUrl, pattern) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/** The environment of a bench stack's processes: its own database, prefixes, ports, files and fresh secrets. */
function benchEnv({ database, natsPrefix, redisPrefix, gatewayPort, healthPorts, extraEnv }) {
  return {
    ...process.env,
    ...isolatedEnv({ database, natsPrefix, redisPrefix }),
    GATEWAY_PORT: String(gatewayPort),
    // beside `npm start`'s gateway (metrics on 3100): any free port
    GATEWAY_METRICS_PORT: '0',
    ...Object.fromEntries(Object.entries(healthPorts).map(([svc, port]) => [HEALTH_ENV[svc], String(port)])),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    NODE_ENV: 'production',
    // production refuses public secrets and a public address on localhost
    ...freshSecrets(),
    PUBLIC_BASE_URL: LOCAL_RUN_BASE_URL,
    // the demo administrator logs in with a password (production would require two-factor login first)
    MFA_REQUIRED_FOR_ADMINS: 'false',
    // its own files next to its own database: the seeded images' ids are this database's, not npm start's
    FILES_DIR: `${ROOT}var/bench/${database}/files`,
    ...extraEnv,
  };
}

/**
 * Migrates and seeds the stack's database; `fresh` first drops it, its files, the prefix's JetStream streams and
 * Redis keys, else only the prefix's rate-limit counters go.
 */
async function prepareDatabase(env, { fresh, natsPrefix, redisPrefix }) {
  if (fresh) {
    await dropDatabase(env.DATABASE_URL);
    await rm(env.FILES_DIR, { recursive: true, force: true });
    await deleteStreams(env.NATS_URL, natsPrefix);
    await deleteRedisKeys(env.REDIS_URL, `${redisPrefix}*`);
  } else {
    // a previous run's rate-limit counters (one client address, thousands of writes) would refuse this run's setup
    await deleteRedisKeys(env.REDIS_URL, `${redisPrefix}rl:*`);
  }
  await ensureDatabase(env.DATABASE_URL);
  const { migrateAll } = await import('../migrate.mjs');
  await migrateAll(env.DATABASE_URL);
  const { seedAll } = await import('../seed.mjs');
  await seedAll({ url: env.DATABASE_URL, filesDir: env.FILES_DIR });
}

/**
 * Prepares the database (migrate + seed), starts the services and the gateway with the isolated env and
 * waits until each is healthy. `fresh` drops the database, the prefix's JetStream streams and Redis keys first;
 * otherwise only the prefix's rate-limit counters are cleared.
 */
export async function startStack({
  /** a bench's short name: database shop_bench_<name>, prefixes bench<name>. (NATS) and bench<name>: (Redis) */
  name = '',
  database = name ? `shop_bench_${name}` : 'shop_bench',
  natsPrefix = `bench${name}.`,
  redisPrefix = `bench${name}:`,
  gatewayPort = 3900,
  healthPorts = { catalogue: 3911, identity: 3912, order: 3913, content: 3914 },
  services = ['catalogue', 'identity', 'order', 'content'],
  env: extraEnv = {},
  fresh = false,
  stderr = 'inherit',
  /** how long the first start may take (a 2-core machine shared with other runs boots slowly) */
  startTimeoutMs = Number(process.env.BENCH_START_TIMEOUT_MS ?? 90_000),
} = {}) {
  await checkServices();
  const env = benchEnv({ database, natsPrefix, redisPrefix, gatewayPort, healthPorts, extraEnv });
  await prepareDatabase(env, { fresh, natsPrefix, redisPrefix });

  const children = new Map();
  const start = (name) => {
    const child = spawn(process.execPath, [...profileFlags(name), SERVICE_ENTRIES[name]], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', stderr],
    });
    child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    children.set(name, child);
    return child;
  };
  const healthUrl = (name) =>
    name === 'gateway' ? `http://127.0.0.1:${gatewayPort}/health` : `http://127.0.0.1:${healthPorts[name]}/health`;
  const stop = () => {
    for (const child of children.values())
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stop);
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });

  for (const name of [...services, 'gateway']) start(name);
  const stack = {
    env,
    children,
    gatewayPort,
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    start,
    stop,
    healthUrl,
    /** waits until the named process (default: all) answers /health */
    waitHealthy: async (names = [...services, 'gateway'], timeoutMs = 30_000) => {
      await Promise.all([].concat(names).map((n) => waitForHealth(healthUrl(n), { timeoutMs, name: n })));
    },
    /** sends a signal and resolves when the process has exited */
    kill: async (name, signal = 'SIGTERM') => {
      const child = children.get(name);
      child.kill(signal);
      return child.exited;
    },
  };
  await stack.waitHealthy(undefined, startTimeoutMs);
  return stack;
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; null once it has exited. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return null;
  }
}

/**
 * Runs `load` (an autocannon run) and adds the server process's CPU microseconds per request to its result: the
 * figure that other engineers' load on the machine distorts least (their processes take turns on the CPU, they
 * do not make this one's requests cost more cycles).
 */
export async function withCpuPerRequest(pid, load) {
  const before = cpuSeconds(pid);
  const result = await load();
  const after = cpuSeconds(pid);
  result.cpuMicrosPerRequest =
    before === null || after === null || !result.requests.total
      ? null
      : ((after - before) * 1e6) / result.requests.total;
  return result;
}
