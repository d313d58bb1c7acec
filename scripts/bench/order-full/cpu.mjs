// CPU seconds for order-full-bench: of every process of the stack (/proc/<pid>/stat), of this database's Postgres
// backends, of the shared NATS and Redis servers, and of the whole machine (/proc/stat).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

const SERVICE = Symbol('the service each backend serves (application_name)');

function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return null; // exited
  }
}
const pgrep = (name) =>
  spawnSync('pgrep', ['-x', name], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);

/** Ticks so far of every process by name and pid: the stack's children, the database's backends, NATS, Redis. */
export async function cpuSnapshot(children, db, dbName) {
  const snap = {};
  for (const [name, child] of children) snap[name] = { [child.pid]: cpuTicks(child.pid) };
  const backends = (await db.query('SELECT pid, application_name FROM pg_stat_activity WHERE datname = $1', [dbName]))
    .rows;
  snap['postgres (this db)'] = Object.fromEntries(backends.map((r) => [r.pid, cpuTicks(r.pid)]));
  snap[SERVICE] = Object.fromEntries(backends.map((r) => [r.pid, r.application_name || 'other']));
  snap['nats-server (shared)'] = Object.fromEntries(pgrep('nats-server').map((p) => [p, cpuTicks(p)]));
  snap['redis-server (shared)'] = Object.fromEntries(pgrep('redis-server').map((p) => [p, cpuTicks(p)]));
  return snap;
}
/** This database's Postgres backends' CPU per order between two snapshots, by the service they serve, busiest first */
export function postgresByService(before, after, orders) {
  const out = {};
  for (const [pid, t] of Object.entries(after['postgres (this db)'])) {
    const name = after[SERVICE][pid];
    if (t !== null) out[name] = (out[name] ?? 0) + (t - (before['postgres (this db)'][pid] ?? 0)) / CLK_TCK;
  }
  const perOrder = Object.entries(out).map(([name, s]) => [name, (s * 1000) / Math.max(1, orders)]);
  return perOrder.sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${ms.toFixed(2)} ms`);
}
/** CPU seconds the whole machine was busy since boot (every core; /proc/stat's first line without idle and iowait) */
export function machineBusy() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]
    .trim()
    .split(/\s+/)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / CLK_TCK;
}
/** CPU seconds by name between two snapshots */
export function cpuDelta(before, after) {
  const out = {};
  for (const [name, pids] of Object.entries(after)) {
    let ticks = 0;
    // a backend that was not there before (new pool connection) counts from zero
    for (const [pid, t] of Object.entries(pids)) if (t !== null) ticks += t - (before[name]?.[pid] ?? 0);
    out[name] = ticks / CLK_TCK;
  }
  return out;
}
