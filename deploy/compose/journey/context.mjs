// The journey's context (settings, the state kept between runs in JOURNEY_STATE, this run's id) and the two shell
// hooks for what no user can do: read the database (SQL_CMD) and crash the order service (KILL_ORDER_CMD).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { need, settings } from './http.mjs';

/* ------------------------------------------------------------ state between runs */

function readState(path) {
  if (!path) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') return {};
    throw new Error(`JOURNEY_STATE ${path}: ${err.message}`, { cause: err });
  }
}

export function saveState(ctx) {
  if (!ctx.s.statePath) return;
  writeFileSync(ctx.s.statePath, `${JSON.stringify({ ...ctx.state, savedAt: new Date().toISOString() }, null, 2)}\n`);
}

/** A fresh journey context: settings, the state file's contents, a run id that makes this run's data its own. */
export function createContext(s = settings()) {
  const run = randomBytes(4).toString('hex');
  const state = { ...readState(s.statePath), baseUrl: s.baseUrl };
  return { s, run, state, admin: null, shop: null, order: null, stepNotes: [] };
}

/* ------------------------------------------------------------ shell hooks */

/** Rows of SQL_CMD's answer to `sql` (stdin), tab-separated columns. */
export function sql(ctx, query) {
  need(ctx.s, 'sqlCmd');
  const res = spawnSync('sh', ['-c', ctx.s.sqlCmd], { input: query, encoding: 'utf8', timeout: 60_000 });
  if (res.status !== 0) throw new Error(`SQL_CMD failed (${res.status ?? res.signal}): ${res.stderr.trim()}`);
  return res.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('\t'));
}

export function runShell(cmd) {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', cmd], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (code, signal) => resolve({ code, signal, out: out.trim() }));
  });
}
