#!/usr/bin/env node
// The one Node.js of npm start, npm test, CI and the scripts: the version in .node-version, whatever Node the machine
// has. Node's own builds come from the npm registry (node-<platform>-<arch>: bin/node and the headers, no npm) and
// live in .cache/node/v<version>/, downloaded once.
//
//   import './lib/runtime.mjs';   first import of an entry script: runs the script on the pinned Node
//                                 (re-executes it there when started by another Node; the script's body waits,
//                                 but its other imports still load on the first Node, so they do no work on load)
//   node scripts/lib/runtime.mjs --print-bin-dir   installs it if needed, prints its bin directory (for .ci/run)
//
// Builtins only: it runs before `npm install`.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = join(ROOT, '.cache', 'node');

/** The pinned version, e.g. `24.22.3` (fnm, nodenv, mise and asdf read .node-version too). */
export const NODE_VERSION = readFileSync(join(ROOT, '.node-version'), 'utf8').trim().replace(/^v/, '');
/** Where the pinned Node lives: bin/node and include/node (the headers native addons build against). */
export const NODE_HOME = join(CACHE, `v${NODE_VERSION}`);
const NODE_BIN = join(NODE_HOME, 'bin');

/** Makes sure .cache/node/v<version>/ holds the pinned Node and returns its directory. */
export function installPinnedNode() {
  if (existsSync(join(NODE_BIN, 'node'))) return NODE_HOME;
  const pkg = `node-${process.platform}-${process.arch}`;
  // on stderr: .ci/run reads the bin directory from stdout
  console.error(`› Node v${NODE_VERSION} from the npm registry (${pkg}) into .cache/node/`);
  mkdirSync(CACHE, { recursive: true });
  // what an interrupted download left (an hour old: not one running beside this)
  for (const name of readdirSync(CACHE).filter((n) => n.startsWith('.v'))) {
    if (Date.now() - statSync(join(CACHE, name)).mtimeMs > 3_600_000)
      rmSync(join(CACHE, name), { recursive: true, force: true });
  }
  // unpacked beside its place and renamed into it: an interrupted download never leaves a half tree behind
  const tmp = mkdtempSync(join(CACHE, `.v${NODE_VERSION}-`));
  try {
    // npm checks the tarball against the registry's integrity hash
    let packed;
    try {
      packed = execFileSync(
        'npm',
        ['pack', `${pkg}@${NODE_VERSION}`, '--pack-destination', tmp, '--json', '--loglevel=error'],
        { cwd: tmp, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      );
    } catch {
      rmSync(tmp, { recursive: true, force: true });
      console.error(
        `✖ ${pkg}@${NODE_VERSION} could not be fetched; install Node v${NODE_VERSION} (.node-version) yourself`,
      );
      process.exit(1);
    }
    execFileSync('tar', ['-xzf', join(tmp, JSON.parse(packed)[0].filename), '-C', tmp], { stdio: 'inherit' });
    const node = join(tmp, 'package', 'bin', 'node');
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    if (version !== `v${NODE_VERSION}`) throw new Error(`${pkg}@${NODE_VERSION} holds Node ${version}`);
    try {
      renameSync(join(tmp, 'package'), NODE_HOME);
    } catch (err) {
      // another process (npm start beside npm test) was quicker
      if (!existsSync(join(NODE_BIN, 'node'))) throw err;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return NODE_HOME;
}

/**
 * The environment of every process on the pinned Node: its bin directory first on PATH (npm, npx and every
 * `#!/usr/bin/env node` find it) and its headers for node-gyp (the machine's npm config may name another Node's).
 */
function pinnedNodeEnv(home) {
  const env = process.env;
  const next = { ...env, PATH: `${join(home, 'bin')}${delimiter}${env.PATH ?? ''}`, npm_config_nodedir: home };
  // set by npm run for its own Node
  for (const key of ['NODE', 'npm_node_execPath']) if (key in next) next[key] = join(home, 'bin', 'node');
  return next;
}

/**
 * Runs the current script on the pinned Node: returns at once when it already does, otherwise runs it again there
 * (same arguments, stdio and Node options; SIGINT, SIGTERM and SIGHUP passed on) and ends with its exit.
 */
export async function runOnPinnedNode() {
  if (process.version === `v${NODE_VERSION}`) {
    delete process.env.SHOP_PINNED_NODE_REEXEC;
    // a pinned Node from elsewhere (nvm, fnm, a container): addons build against its own headers
    const home = dirname(dirname(process.execPath));
    if (existsSync(join(home, 'include', 'node', 'node.h'))) process.env.npm_config_nodedir = home;
    return;
  }
  if (process.env.SHOP_PINNED_NODE_REEXEC)
    throw new Error(`re-executed on Node v${NODE_VERSION}, but running on ${process.version} (${process.execPath})`);
  const home = installPinnedNode();
  const child = spawn(join(home, 'bin', 'node'), [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...pinnedNodeEnv(home), SHOP_PINNED_NODE_REEXEC: '1' },
  });
  // a terminal's Ctrl+C reaches both processes; the script is expected to take a second signal calmly
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  const [code, signal] = await once(child, 'exit');
  if (signal) {
    for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(s, forward);
    process.kill(process.pid, signal);
  }
  process.exit(code ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== '--print-bin-dir') {
    console.error('usage: node scripts/lib/runtime.mjs --print-bin-dir');
    process.exit(2);
  }
  console.log(join(installPinnedNode(), 'bin'));
} else {
  await runOnPinnedNode();
}
