#!/usr/bin/env node
// npm start: install if needed, build, migrate, seed the demo shop, start every process, print the URLs.
import './lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { spawn } from 'node:child_process';
import { build, checkServices, ensureDatabase, installIfNeeded, ROOT, TRACING_PRELOAD } from './lib/env.mjs';

console.log(`› runtime: Node ${process.version}`);
installIfNeeded();
await checkServices();
// --skip-build: run what is already built (a second stack beside a build in progress)
if (!process.argv.includes('--skip-build')) build();
await ensureDatabase(process.env.DATABASE_URL);

const { migrateAll } = await import('./migrate.mjs');
const applied = await migrateAll(process.env.DATABASE_URL);
for (const [name, list] of Object.entries(applied))
  console.log(`› migrated ${name}: ${list.length ? list.join(', ') : 'up to date'}`);
const { seedAll } = await import('./seed.mjs');
const seeded = await seedAll({ url: process.env.DATABASE_URL });
console.log(
  `› demo shop seeded: ${Object.entries(seeded.counts)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ')}`,
);

// without SMTP_URL every e-mail goes to a local mail catcher, shown at /dev/mail (not with NODE_ENV=production)
const { startMailCatcher } = await import('./lib/dev-mail.mjs');
const mailCatcher =
  !process.env.SMTP_URL && process.env.NODE_ENV !== 'production'
    ? await startMailCatcher({ dir: (process.env.DEV_MAIL_DIR ??= `${ROOT}var/dev-mail`) })
    : null;
if (mailCatcher) {
  process.env.SMTP_URL = mailCatcher.url;
}

// the processes' database pools share one budget (ARCHITECTURE.md "Database pools"): 30 of Postgres' default 100
// connections (29 in the pools), so the test suite's two stacks and its migrations fit beside this one
process.env.DATABASE_CONNECTION_BUDGET ??= '30';

const PROCESSES = [
  ['catalogue', 'services/catalogue/dist/main.js'],
  ['identity', 'services/identity/dist/main.js'],
  ['order', 'services/order/dist/main.js'],
  ['content', 'services/content/dist/main.js'],
  ['payment', 'services/payment/dist/main.js'],
  ['statistics', 'services/statistics/dist/main.js'],
  ['time-tracking', 'services/time-tracking/dist/main.js'],
  ['signage', 'services/signage/dist/main.js'],
  ['workers', 'services/workers/dist/main.js'],
  ['gateway', 'gateway/dist/main.js'],
];
const port = Number(process.env.GATEWAY_PORT ?? 3000);
const children = new Map();
let stopping = false;

/** Each process runs on its own; a crashed one is restarted after a second. Output is prefixed with its name. */
function startProcess(name, entry) {
  const child = spawn(process.execPath, [...TRACING_PRELOAD, entry], {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, out) => {
    let buf = '';
    stream.on('data', (chunk) => {
      buf += chunk;
      const lines = buf.split('\n');
      buf = lines.pop();
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    console.error(`[${name}] exited (${signal ?? code}); restarting in 1 s`);
    setTimeout(() => startProcess(name, entry), 1000);
  });
  children.set(name, child);
}
for (const [name, entry] of PROCESSES) startProcess(name, entry);

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}
if (await waitForHealth()) {
  const base = `http://localhost:${port}`;
  const presenterHost = (process.env.PRESENTER_HOSTS ?? 'immobilien.localhost').split(',')[0].trim();
  const users = seeded.users.map((u) => `    ${u.roles.join(',').padEnd(14)} ${u.username} / ${u.password}`).join('\n');
  console.log(`
✔ Shop platform is running
  Storefront       ${base}/
  Presenter        http://${presenterHost}:${port}/   (hosts in PRESENTER_HOSTS; every *.localhost name is this machine)
  Back office      ${base}/backend/   (login: ${base}/backend/login)
  API gateway      ${base}
  Start-up batch   ${base}/api/init
  OpenAPI          ${base}/api/docs   (JSON: ${base}/api/docs-json)
  Health           ${base}/health
  E-mails          ${mailCatcher ? `${base}/dev/mail   (caught by the local mail catcher at ${mailCatcher.url}; set SMTP_URL to send for real)` : `sent to ${process.env.SMTP_URL ?? 'the default SMTP server'}`}
  Demo staff:
${users}
  Stop with Ctrl+C.
`);
} else {
  console.error('✖ the gateway did not become healthy; see the log lines above');
}

function shutdown() {
  // a terminal's Ctrl+C reaches this process twice (directly and through scripts/lib/runtime.mjs)
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  void mailCatcher?.close();
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
