// The compose check's podman and docker-compose: the project's names and ports, the environment compose runs in,
// shell helpers, the containers' states and health, what `down -v` must leave (deploy/compose/check.mjs runs the steps).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const PROJECT = 'shopcheck';
export const PORT = 3900;
export const MAIL_PORT = 3901;
export const SOCKET = `/run/${PROJECT}-podman.sock`;
export const APPS = ['catalogue', 'identity', 'order', 'content', 'payment', 'statistics', 'time-tracking', 'signage'];
export const LONG_RUNNING = [...APPS, 'workers', 'gateway', 'postgres', 'redis', 'nats', 'mail'];

/** what compose runs in; check.mjs adds SECRETS_DIR once it has made its work folder */
export const env = {
  ...process.env,
  CONTAINERS_CONF: join(ROOT, 'deploy/podman/containers.conf'),
  DOCKER_HOST: `unix://${SOCKET}`,
  COMPOSE_PROJECT_NAME: PROJECT,
  COMPOSE_PROFILES: 'dev',
  PUBLIC_BASE_URL: 'https://bestellen.donaugenuss.at',
  SMTP_URL: 'smtp://mail:1025',
  GATEWAY_HOST_PORT: String(PORT),
  MAIL_WEB_HOST_PORT: String(MAIL_PORT),
  ADMIN_USERNAME: 'inhaberin',
};
/** the compose command, as the operator types it (with the local image names) */
export const COMPOSE = ['docker-compose', '--env-file', 'deploy/compose/local-images.env'];
env.COMPOSE = COMPOSE.join(' ');

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
export function sh(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  if (res.status !== 0)
    throw new Error(
      `${cmd} ${args.join(' ')} exited ${res.status ?? res.signal}\n${(res.stderr || res.stdout).trim()}`,
    );
  return res.stdout.trim();
}
/** as sh, without blocking: the health checks go on meanwhile (compose waits for them) */
export function shAsync(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (code, signal) =>
      code === 0
        ? resolve(out.trim())
        : reject(new Error(`${cmd} ${args.join(' ')} exited ${code ?? signal}\n${out.trim()}`)),
    );
  });
}
export const podman = (...args) => sh('podman', args);
export const compose = (...args) => sh(COMPOSE[0], [...COMPOSE.slice(1), ...args]);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** the project's containers: name, service, state, health, restart count */
export function containers() {
  const out = podman('ps', '-a', '--filter', `label=com.docker.compose.project=${PROJECT}`, '--format', 'json');
  return JSON.parse(out || '[]').map((c) => ({
    id: c.Id,
    name: c.Names[0],
    service: c.Labels['com.docker.compose.service'],
    state: c.State,
    status: c.Status,
    exitCode: c.ExitCode,
  }));
}
export const container = (service) => `${PROJECT}_${service}_1`;

// podman runs health checks from systemd timers; this machine has no systemd, so the check runs them itself, as
// often as compose's interval (5–10 s) asks, one container after another
let ticking = true;
export async function healthTicker() {
  while (ticking) {
    let running = [];
    try {
      running = containers().filter((x) => x.state === 'running');
    } catch {
      // podman busy or the stack between down and up: the next round
    }
    for (const c of running) {
      await new Promise((resolve) =>
        spawn('podman', ['healthcheck', 'run', c.id], { env, stdio: 'ignore' }).on('close', resolve),
      );
    }
    await sleep(2000);
  }
}

/** waits until every long-running container is healthy and the one-shot jobs exited 0 */
export async function waitHealthy(timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = containers();
    const failed = all.filter((c) => c.state === 'exited' && c.exitCode !== 0);
    if (failed.length) throw new Error(`${failed.map((c) => `${c.service} exited ${c.exitCode}`).join(', ')}`);
    const waiting = all.filter((c) =>
      LONG_RUNNING.includes(c.service) ? !/\(healthy\)/.test(c.status) : c.state !== 'exited',
    );
    if (!waiting.length && all.length) return all;
    if (Date.now() > deadline)
      throw new Error(`not healthy after ${seconds(timeoutMs)}: ${waiting.map((c) => `${c.service} ${c.status}`)}`);
    await sleep(2000);
  }
}

/** the containers' states, and the last log lines of those not healthy */
export async function diagnose() {
  try {
    for (const c of containers()) {
      console.log(`    ${c.service}: ${c.status}`);
      if (!/\(healthy\)/.test(c.status) && !(c.state === 'exited' && c.exitCode === 0))
        console.log(
          podman('logs', '--tail', '15', c.id)
            .split('\n')
            .map((l) => `      ${l}`)
            .join('\n'),
        );
    }
  } catch (err) {
    console.log(`    (no container states: ${err.message})`);
  }
}

/** stops the health checks (the stack goes down) */
export function stopHealthTicker() {
  ticking = false;
}

/** what `down -v` must leave: no container, volume or network of the project */
export function leftovers() {
  const left = [
    ...containers().map((c) => `container ${c.name}`),
    ...podman('volume', 'ls', '-q', '--filter', `label=com.docker.compose.project=${PROJECT}`)
      .split('\n')
      .filter(Boolean)
      .map((v) => `volume ${v}`),
    ...podman('network', 'ls', '--format', '{{.Name}}')
      .split('\n')
      .filter((n) => n.startsWith(`${PROJECT}_`))
      .map((n) => `network ${n}`),
  ];
  if (left.length) throw new Error(`left behind: ${left.join(', ')}`);
}

/** the storefront's first request through the gateway (the first one after a start warms the caches) */
export async function storefrontAnswers(timeoutMs = 120_000) {
  const t = performance.now();
  const tries = [];
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/init`, {
      headers: { 'X-Forwarded-Proto': 'https' },
      signal: AbortSignal.timeout(30_000),
    }).catch((err) => ({ status: err.name }));
    tries.push(res.status);
    if (res.status === 200) return `GET /api/init: ${tries.join(' → ')} after ${seconds(performance.now() - t)}`;
    if (performance.now() - t > timeoutMs) throw new Error(`GET /api/init: ${tries.join(' → ')}`);
    await sleep(2000);
  }
}
