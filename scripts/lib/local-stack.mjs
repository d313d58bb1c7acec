// The local stack as npm start and npm run dev run it: the database prepared and seeded, the mail catcher, the
// processes with their env, and the URLs printed once the gateway answers. Its callers load it after
// scripts/lib/runtime.mjs (it does no work on load).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { ROOT, TRACING_PRELOAD } from './env.mjs';

/** Every backend process and its entry (built by nx into each project's dist). */
export const PROCESSES = [
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

/**
 * Migrates and seeds the database of DATABASE_URL (created when missing), starts the mail catcher unless SMTP_URL is
 * set and the payment sandboxes for the providers not configured, and completes the env every process reads. Answers what the summary prints.
 */
export async function prepareStack() {
  const seeded = await prepareDatabase();

  // without SMTP_URL every e-mail goes to a local mail catcher, shown at /dev/mail (not with NODE_ENV=production)
  const { startMailCatcher } = await import('./dev-mail.mjs');
  const mailCatcher =
    !process.env.SMTP_URL && process.env.NODE_ENV !== 'production'
      ? await startMailCatcher({ dir: (process.env.DEV_MAIL_DIR ??= `${ROOT}var/dev-mail`) })
      : null;
  if (mailCatcher) {
    process.env.SMTP_URL = mailCatcher.url;
  }

  // without a configured Mollie or Datatrans, card payments go to the demo's local sandboxes (scripts/lib/demo-payments.mjs)
  const { startPaymentSandboxes } = await import('./demo-payments.mjs');
  const paymentSandboxes = process.env.NODE_ENV !== 'production' ? await startPaymentSandboxes(process.env) : null;
  if (paymentSandboxes) Object.assign(process.env, paymentSandboxes.env);

  // the processes' database pools share one budget (ARCHITECTURE.md "Database pools"): 30 of Postgres' default 100
  // connections (29 in the pools), so the test suite's two stacks and its migrations fit beside this one
  process.env.DATABASE_CONNECTION_BUDGET ??= '30';
  return { seeded, mailCatcher, paymentSandboxes };
}

/**
 * Creates, migrates and seeds the database in a child process (scripts/lib/prepare-database.mjs), so their modules
 * leave with it; answers the seed's result (counts, demo users).
 */
async function prepareDatabase() {
  const { RESULT_MARK } = await import('./prepare-database.mjs');
  const child = spawn(process.execPath, [`${ROOT}scripts/lib/prepare-database.mjs`], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  const [code] = await once(child, 'exit');
  const lines = output.split('\n');
  for (const line of lines) if (line && !line.startsWith(RESULT_MARK)) console.log(line);
  const result = lines.find((line) => line.startsWith(RESULT_MARK));
  if (code !== 0 || !result) throw new Error(`preparing the database failed (exit code ${code})`);
  return JSON.parse(result.slice(RESULT_MARK.length));
}

/** Runs a command with its output line by line behind `[name] `; answers the child. */
export function spawnPrefixed(name, command, args) {
  const child = spawn(command, args, { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  return child;
}

/**
 * The young generation's cap per process (issue 45: the stack at rest within 1 GB). V8 keeps the semi-spaces it grew
 * to while the modules loaded (64 MB of a service's 113 MB heap at rest by default); capped at 1 MB a quiet service
 * stays at 80–110 MB. The request path (gateway, order, workers) keeps room for its bursts' short-lived objects (4 MB:
 * fewer scavenges and promotions than 1 MB). Only `npm start`'s stack: the images and the benches run Node's default.
 */
const SEMI_SPACE_MB = { gateway: 4, order: 4, workers: 4 };
const semiSpace = (name) => `--max-semi-space-size=${SEMI_SPACE_MB[name] ?? 1}`;

/**
 * Starts every process of PROCESSES with Node's `nodeArgs` before the entry (npm run dev: `--watch`). Each runs on
 * its own; one that exits is restarted after a second. Answers the stop of them all.
 */
export function startProcesses(nodeArgs = []) {
  const children = new Map();
  let stopping = false;
  function startProcess(name, entry) {
    const child = spawnPrefixed(name, process.execPath, [semiSpace(name), ...nodeArgs, ...TRACING_PRELOAD, entry]);
    child.on('exit', (code, signal) => {
      children.delete(name);
      if (stopping) return;
      console.error(`[${name}] exited (${signal ?? code}); restarting in 1 s`);
      setTimeout(() => startProcess(name, entry), 1000);
    });
    children.set(name, child);
  }
  for (const [name, entry] of PROCESSES) startProcess(name, entry);
  return () => {
    stopping = true;
    for (const child of children.values()) child.kill('SIGTERM');
  };
}

async function waitForHealth(port) {
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

/** Waits for the gateway's health and prints the URLs and the demo staff (or says that it did not come up). */
export async function announceStack({ seeded, mailCatcher, paymentSandboxes }) {
  const port = Number(process.env.GATEWAY_PORT ?? 3000);
  if (!(await waitForHealth(port))) {
    console.error('✖ the gateway did not become healthy; see the log lines above');
    return;
  }
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
  Payments         ${sandboxLine(paymentSandboxes)}
  Demo staff:
${users}
  Stop with Ctrl+C.
`);
}

/** The summary's line on the payment providers: the demo's sandboxes, or the configured providers. */
function sandboxLine(sandboxes) {
  const urls = sandboxes?.urls ?? {};
  const parts = [
    urls.mollie ? `Mollie: demo sandbox ${urls.mollie}` : 'Mollie: as configured',
    urls.datatrans ? `Datatrans: demo sandbox ${urls.datatrans}` : 'Datatrans: as configured',
  ];
  return `${parts.join(', ')}${urls.mollie || urls.datatrans ? '   (local stand-ins: no money moves)' : ''}`;
}

/**
 * Ctrl+C and SIGTERM: runs each stop once, then exits (a terminal's Ctrl+C reaches the script twice, directly and
 * through scripts/lib/runtime.mjs).
 */
export function onShutdown(...stops) {
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    for (const stop of stops) void stop();
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
