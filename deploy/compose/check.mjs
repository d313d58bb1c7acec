#!/usr/bin/env node
// npm run compose:check (issue 38): docker-compose.yml, built and run for real on this machine, used as its users use
// it. Builds the base images from Debian's packages and the npm registry (deploy/images/build-local-bases.sh) and
// the app image (deploy/docker/Dockerfile), writes fresh secrets, starts the stack with podman through its Docker API
// and Debian's docker-compose (the `dev` profile: the demo shop and the mail catcher), then:
//   every health check passes; the apps run as non-root on Node 24; the journey (deploy/compose/journey.mjs): the
//   first administrator logs in (MFA enrolment), a customer orders (proof-of-work after the free orders), the order
//   is on the board, its e-mail in the mail catcher, a CloudPRNT printer prints it, an image and a customer upload
//   are served, 100 orders while the order container's process is killed (SIGKILL): each 201 in the database once, and
//   the container back by its restart policy; a backup (deploy/backup.sh), `down -v`, a fresh stack, the restore
//   (deploy/restore.sh): orders, uploads and images served again; `down -v` leaves nothing.
// Each step prints its time; the first failure prints the containers' states and logs and exits 1.
//   usage: npm run compose:check [-- --keep]     (--keep: leave the stack running after a failure)
// Needs root (podman as root); installs podman, docker-compose, debootstrap and runc from Debian when missing.
import '../../scripts/lib/runtime.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installIfNeeded, run } from '../../scripts/lib/env.mjs';
import {
  APPS,
  COMPOSE,
  LONG_RUNNING,
  MAIL_PORT,
  PORT,
  PROJECT,
  ROOT,
  SOCKET,
  compose,
  container,
  diagnose,
  env,
  healthTicker,
  leftovers,
  podman,
  seconds,
  sh,
  shAsync,
  sleep,
  stopHealthTicker,
  storefrontAnswers,
  waitHealthy,
} from './check/podman.mjs';

// the journey runs on the host with the storefront's own rules (@shop/domain, built) and the repository's packages
installIfNeeded();
run('npx nx run-many -t build -p @shop/domain --outputStyle=stream', { stdio: ['ignore', 'ignore', 'inherit'] });
const { createContext, runJourney, settings } = await import('./journey.mjs');

const keep = process.argv.includes('--keep');
const work = mkdtempSync(join(tmpdir(), 'compose-check-'));
const secretsDir = join(work, 'secrets');
env.SECRETS_DIR = secretsDir;
const started = performance.now();

async function step(title, fn) {
  const t = performance.now();
  try {
    const notes = (await fn()) ?? [];
    console.log(`✔ ${title} (${seconds(performance.now() - t)})`);
    for (const note of [notes].flat()) console.log(`    ${note}`);
  } catch (err) {
    console.log(`✖ ${title} (${seconds(performance.now() - t)}): ${err.message}`);
    await diagnose();
    await finish(1);
  }
}

let apiService;
async function finish(code) {
  stopHealthTicker();
  if (code !== 0 && keep)
    console.log(
      `the stack keeps running (--keep), its secrets and journey state in ${work}: ${env.COMPOSE} -p ${PROJECT} down -v`,
    );
  else {
    spawnSync(COMPOSE[0], [...COMPOSE.slice(1), 'down', '-v', '--remove-orphans'], { cwd: ROOT, env });
    rmSync(work, { recursive: true, force: true });
  }
  apiService?.kill('SIGTERM');
  console.log(
    `${code === 0 ? '✔ compose check passed' : '✖ compose check failed'} in ${seconds(performance.now() - started)}`,
  );
  process.exit(code);
}
process.on('SIGINT', () => finish(130));

/** a journey context as the operator's shell would set it up (the state file carries what verify-after-restore checks) */
function journeyContext() {
  const podmanEnv = `CONTAINERS_CONF=${env.CONTAINERS_CONF}`;
  return createContext(
    settings({
      BASE_URL: `http://127.0.0.1:${PORT}`,
      ADMIN_USERNAME: env.ADMIN_USERNAME,
      ADMIN_PASSWORD: readFileSync(join(secretsDir, 'admin_password'), 'utf8').trim(),
      MAIL_API_URL: `http://127.0.0.1:${MAIL_PORT}`,
      // a crash, as the kernel's OOM killer does it: SIGKILL to the container's process. (`podman kill` and
      // `docker kill` are an operator's stop, after which no restart policy restarts the container.)
      KILL_ORDER_CMD: `kill -9 "$(${podmanEnv} podman inspect --format '{{.State.Pid}}' ${container('order')})"`,
      SQL_CMD: `${podmanEnv} podman exec -i ${container('postgres')} psql -U postgres -d shop -X -q -At -F "$(printf '\\t')"`,
      JOURNEY_STATE: join(work, 'journey-state.json'),
    }),
  );
}

async function journey(steps) {
  const lines = [];
  const ok = await runJourney(steps, journeyContext(), (line) => lines.push(line));
  if (!ok) throw new Error(`\n${lines.map((l) => `    ${l}`).join('\n')}`);
  return lines.slice(1).map((l) => l.replace(/^ {4}/, '  '));
}

console.log(
  `› compose check: project ${PROJECT}, gateway on 127.0.0.1:${PORT}, mail catcher on 127.0.0.1:${MAIL_PORT}`,
);

await step('podman, docker-compose, debootstrap and runc installed', () => {
  const missing = ['podman', 'docker-compose', 'debootstrap', 'runc'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
  );
  if (missing.length) {
    sh('apt-get', ['update', '-qq']);
    sh('apt-get', ['install', '-y', '-qq', ...missing], { env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  return `${podman('--version')}, ${sh('docker-compose', ['version', '--short'])}${missing.length ? ` (installed ${missing})` : ''}`;
});

await step("podman's Docker API on " + SOCKET, async () => {
  // a stack of an earlier, interrupted run goes first
  if (existsSync(SOCKET)) rmSync(SOCKET);
  apiService = spawn('podman', ['system', 'service', '--time=0', `unix://${SOCKET}`], { env, stdio: 'ignore' });
  for (let i = 0; i < 50 && !existsSync(SOCKET); i++) await sleep(100);
  if (!existsSync(SOCKET)) throw new Error('podman system service did not open its socket');
  spawnSync(COMPOSE[0], [...COMPOSE.slice(1), 'down', '-v', '--remove-orphans'], { cwd: ROOT, env });
});

await step('base images from Debian and the npm registry (deploy/images/build-local-bases.sh)', () =>
  sh('bash', ['deploy/images/build-local-bases.sh'])
    .split('\n')
    .filter((l) => !l.startsWith('›')),
);

await step('app image (deploy/docker/Dockerfile on the local Node 24 base)', () => {
  const image = readFileSync(join(ROOT, 'deploy/compose/local-images.env'), 'utf8').match(/^SHOP_IMAGE=(.+)$/m)[1];
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  sh('podman', [
    'build',
    '--network=host',
    '--layers',
    '-f',
    'deploy/docker/Dockerfile',
    '--build-arg',
    'NODE_IMAGE=localhost/shop-node:24',
    ...(ca && existsSync(ca) ? ['--secret', `id=npm_ca,src=${ca}`] : []),
    '-t',
    image,
    '.',
  ]);
  const user = podman('image', 'inspect', image, '--format', '{{.Config.User}}');
  return `${image}: ${(podman('image', 'inspect', image, '--format', '{{.Size}}') / 1e6) | 0} MB, user ${user}`;
});

await step('fresh secrets (deploy/make-secrets.sh)', () => {
  sh('sh', ['deploy/make-secrets.sh']);
  return `${secretsDir}: ${sh('ls', [secretsDir]).split('\n').join(', ')}`;
});

healthTicker();

await step(`${env.COMPOSE} up -d (profile dev)`, async () => {
  await shAsync(COMPOSE[0], [...COMPOSE.slice(1), 'up', '-d', '--no-build']);
});

await step('every health check passes; migrate and seed-demo exit 0', async () => {
  const all = await waitHealthy();
  return all.map((c) => `${c.service}: ${c.status}`).sort();
});

await step('the storefront answers through the gateway', () => storefrontAnswers());

await step('the apps run as non-root on Node 24', () => {
  const expected = readFileSync(join(ROOT, '.node-version'), 'utf8').trim().replace(/^v?/, 'v');
  const notes = [];
  for (const service of [...APPS, 'workers', 'gateway']) {
    const [uid, version] = podman('exec', container(service), 'sh', '-c', 'id -u; node -v').split('\n');
    const pid1 = podman('exec', container(service), 'sh', '-c', 'cat /proc/1/cmdline | tr "\\0" " "');
    if (uid === '0' || version !== expected) throw new Error(`${service}: uid ${uid}, ${version} (want ${expected})`);
    notes.push(`${service}: uid ${uid}, ${version}, ${pid1.trim()}`);
  }
  const logged = podman('logs', container('order')).match(/"node":"(v[\d.]+)"/)?.[1];
  if (logged !== expected) throw new Error(`the order service's boot log says ${logged ?? 'no version'}`);
  notes.push(`the services' boot logs say node ${logged}`);
  return notes;
});

await step(
  'the journey: administrator, customer, board, mail, printer, media, 100 orders with the order service killed',
  () => journey(undefined),
);

await step(
  'the killed order container is back by its restart policy, and every container keeps its policy',
  async () => {
    const order = JSON.parse(podman('inspect', container('order')))[0];
    if (order.RestartCount < 1) throw new Error(`order restarted ${order.RestartCount} times`);
    await waitHealthy(120_000);
    const policies = LONG_RUNNING.map((s) => [
      s,
      JSON.parse(podman('inspect', container(s)))[0].HostConfig.RestartPolicy.Name,
    ]);
    const wrong = policies.filter(([, p]) => p !== 'unless-stopped');
    if (wrong.length) throw new Error(`restart policies: ${wrong.map(([s, p]) => `${s} ${p || 'none'}`)}`);
    return [
      `order restarted ${order.RestartCount}×, healthy again`,
      `restart policy unless-stopped: ${LONG_RUNNING.join(', ')}`,
    ];
  },
);

const backupDir = join(work, 'backup');
await step('backup (deploy/backup.sh): the database and the files volume', () =>
  shAsync('sh', ['deploy/backup.sh', backupDir]),
);

await step('down -v leaves nothing', () => {
  compose('down', '-v', '--remove-orphans');
  leftovers();
});

await step('a fresh stack with the same secrets', async () => {
  await shAsync(COMPOSE[0], [...COMPOSE.slice(1), 'up', '-d', '--no-build']);
  await waitHealthy();
  return storefrontAnswers();
});

await step('restore (deploy/restore.sh) into it', async () => {
  const out = await shAsync('sh', ['deploy/restore.sh', backupDir]);
  await waitHealthy();
  return [...out.split('\n').filter((l) => l.startsWith('restore:')), await storefrontAnswers()];
});

// right after a restore the order service re-dispatches the jobs Redis no longer has and may answer 503 for a while
// (overload is a fast 503 by design): the verification is repeated on a 503 only, at most four times
await step(
  'after the restore: the orders, uploads and images are there and served, the administrator logs in',
  async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        const notes = await journey(['verify-after-restore']);
        return attempt > 1 ? [`(attempt ${attempt}: the earlier ones met a 503)`, ...notes] : notes;
      } catch (err) {
        if (attempt === 4 || !/HTTP 503/.test(err.message)) throw err;
        await sleep(15_000);
      }
    }
  },
);

await step('down -v leaves nothing', () => {
  compose('down', '-v', '--remove-orphans');
  leftovers();
});

await finish(0);
