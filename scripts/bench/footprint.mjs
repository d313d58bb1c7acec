#!/usr/bin/env node
/**
 * Issue 45 item 4: the resident memory of the whole `npm start` stack at rest, per process, beside the figures
 * before this issue (the start script 511 MB, the ten processes 1.34 GB: 1.85 GB in all).
 *
 * Starts scripts/start.mjs from the built dist on its own port, database and prefixes (beside a running `npm start`),
 * waits until the gateway answers and then REST_SECONDS (default 30) without requests, reads VmRSS of every process
 * of the stack's process group (/proc), prints each and the sum against the target of 1 GB, and stops the stack.
 *
 * Usage: npm run bench:footprint   (build first: the stack runs what is in dist/)
 * Exit code 1 when the sum is over the target.
 */
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { readdirSync, readFileSync } from 'node:fs';
import { dropDatabase } from '../lib/env.mjs';
import { startOwnStack } from '../quality/lib.mjs';

const TARGET_MB = 1024;
const BASELINE = { start: 511, processes: 1340, total: 1851 };
const REST_SECONDS = Number(process.env.REST_SECONDS ?? 30);
const database = `shop_footprint_${process.pid}`;

/** Every process whose process group is `pgid` (the stack was started detached: its own group). */
function groupProcesses(pgid) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid pgrp …"; comm may hold blanks and brackets
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] ?? 0);
      const pssKb = Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      out.push({ pid: Number(entry), rssKb, pssKb, name: processName(cmd) });
    } catch {
      /* gone meanwhile */
    }
  }
  return out.sort((a, b) => b.rssKb - a.rssKb);
}

/** `services/order/dist/main.js` → order; scripts/start.mjs → start script. */
function processName(cmd) {
  const entry = cmd.find((a) => /dist\/main\.js$|scripts\/.*\.mjs$/.test(a)) ?? cmd.join(' ');
  const service = /(?:services\/([\w-]+)|(gateway))\/dist\/main\.js$/.exec(entry);
  if (service) return service[1] ?? service[2];
  return /scripts\/start\.mjs$/.test(entry) ? 'start script' : entry.slice(-60);
}

const mb = (kb) => kb / 1024;
const { child } = await startOwnStack({
  port: 3390,
  database,
  prefix: `footprint${process.pid}`,
  timeoutMs: 240_000,
});
try {
  console.log(`stack up; at rest for ${REST_SECONDS} s …`);
  await new Promise((r) => setTimeout(r, REST_SECONDS * 1000));
  const processes = groupProcesses(child.pid);
  const sum = (list, field) => mb(list.reduce((total, p) => total + p[field], 0));
  console.log('\n  process             RSS      PSS');
  for (const p of processes)
    console.log(
      `  ${p.name.padEnd(16)} ${mb(p.rssKb).toFixed(0).padStart(5)} MB ${mb(p.pssKb).toFixed(0).padStart(5)} MB`,
    );
  const startScript = processes.filter((p) => p.name === 'start script');
  const total = sum(processes, 'pssKb');
  const line = (label, list, before) =>
    `  ${label.padEnd(16)} ${sum(list, 'rssKb').toFixed(0).padStart(5)} MB ${sum(list, 'pssKb').toFixed(0).padStart(5)} MB   (RSS before issue 45: ${before} MB)`;
  console.log(
    [
      '',
      line('start script', startScript, BASELINE.start),
      line(
        'the others',
        processes.filter((p) => p.name !== 'start script'),
        BASELINE.processes,
      ),
      line('in all', processes, BASELINE.total),
      `  the stack's memory (PSS: shared pages — the node binary, ICU — counted once, not in every process):` +
        ` ${total.toFixed(0)} MB, target ≤ ${TARGET_MB} MB ${total <= TARGET_MB ? '✓ PASS' : '✗ FAIL'}`,
    ].join('\n'),
  );
  process.exitCode = total <= TARGET_MB ? 0 : 1;
} finally {
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 3000));
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* stopped */
  }
  await dropDatabase(`postgres://postgres@127.0.0.1:5432/${database}`).catch(() => undefined);
}
