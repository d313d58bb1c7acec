// Shared by scripts/start.mjs and scripts/test.mjs: install if needed, find the local services, build.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import net from 'node:net';

export const ROOT = new URL('../..', import.meta.url).pathname;
/**
 * Node's arguments before a backend process's entry: the tracing preload, whose instrumentations hook pg, ioredis
 * and Fastify before the app loads (with OTEL_EXPORTER_OTLP_ENDPOINT set; without, it does nothing). The image sets
 * the same in NODE_OPTIONS.
 */
export const TRACING_PRELOAD = ['--import', `${ROOT}libs/server/dist/tracing/register.js`];
process.env.NX_NO_CLOUD = 'true';
process.env.NX_DAEMON = 'false';
process.env.NX_TUI = 'false';

export function run(cmd, opts = {}) {
  const res = spawnSync(cmd, { shell: true, stdio: 'inherit', cwd: ROOT, ...opts });
  if (res.status !== 0) {
    console.error(`\n✖ failed: ${cmd}`);
    process.exit(res.status ?? 1);
  }
}

/** Installs when node_modules is missing or older than package-lock.json. */
export function installIfNeeded() {
  const marker = `${ROOT}node_modules/.package-lock.json`;
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(`${ROOT}package-lock.json`).mtimeMs) {
    console.log('› installing dependencies (npm install, from package-lock.json)');
    // npm 11 here writes lock files that its own `npm ci` rejects (platform-specific optional packages), so install
    run('npm install --no-audit --no-fund');
  }
}

export function build() {
  console.log('› building (nx, incremental)');
  run('npx nx run-many -t build --outputStyle=stream');
}

function reachable(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true)).once('error', () => done(false));
  });
}

export const DEFAULTS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop',
  REDIS_URL: 'redis://127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
};

/**
 * What keeps a stack apart from `npm start`, the tests and every other stack: its own database (on the server of
 * DATABASE_URL), NATS subject prefix and Redis key prefix. The benches, the drills and the replica stack start theirs
 * with these.
 */
export function isolatedEnv({ database, natsPrefix, redisPrefix }) {
  const url = new URL(process.env.DATABASE_URL ?? DEFAULTS.DATABASE_URL);
  url.pathname = `/${database}`;
  return { DATABASE_URL: url.toString(), NATS_SUBJECT_PREFIX: natsPrefix, REDIS_PREFIX: redisPrefix };
}

/** Fills the env with the defaults and says plainly which service cannot be reached. */
export async function checkServices(env = process.env) {
  for (const [key, value] of Object.entries(DEFAULTS)) env[key] ??= value;
  const checks = [
    ['Postgres', 'DATABASE_URL', new URL(env.DATABASE_URL), 5432],
    ['Redis', 'REDIS_URL', new URL(env.REDIS_URL), 6379],
    ['NATS', 'NATS_URL', new URL(env.NATS_URL.split(',')[0]), 4222],
  ];
  const missing = [];
  for (const [name, key, url, port] of checks) {
    if (!(await reachable(url.hostname, Number(url.port || port))))
      missing.push(`${name} is not reachable at ${url.host} (set ${key})`);
  }
  if (missing.length) {
    for (const m of missing) console.error(`✖ ${m}`);
    process.exit(1);
  }
}

/** Runs fn with a client on the server's `postgres` database and the name of the database in the URL. */
async function withAdminClient(databaseUrl, fn) {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client, name, `"${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Creates the database named in DATABASE_URL when it does not exist yet. */
export function ensureDatabase(databaseUrl) {
  return withAdminClient(databaseUrl, async (client, name, quoted) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE ${quoted}`);
      console.log(`› created database ${name}`);
    }
  });
}

/** Drops the database named in DATABASE_URL (benchmarks and drills start from scratch). */
export function dropDatabase(databaseUrl) {
  return withAdminClient(databaseUrl, (client, _name, quoted) =>
    client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`),
  );
}
