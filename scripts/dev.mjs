#!/usr/bin/env node
// npm run dev: npm start's stack (the same processes, env, migrations and seed) that rebuilds and restarts itself.
// TypeScript rebuilds every backend project on save (one `tsc -b --watch` for all of them), and each process runs
// under Node's --watch, which restarts it when a file it loaded changes: a service's own dist, or a library's.
import './lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { readdirSync, readFileSync } from 'node:fs';
import { build, checkServices, installIfNeeded, ROOT } from './lib/env.mjs';
import { announceStack, onShutdown, prepareStack, spawnPrefixed, startProcesses } from './lib/local-stack.mjs';

/**
 * The tsconfig.build.json of every workspace that TypeScript builds (the web apps are Vite's), each after the
 * workspaces it depends on: the projects have no references, so `tsc -b` builds them in the order given.
 */
function tscProjects() {
  const workspaces = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')).workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(`${ROOT}${pattern.slice(0, -2)}`, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => `${pattern.slice(0, -2)}/${d.name}`)
      : [pattern],
  );
  const projects = new Map();
  for (const dir of workspaces) {
    let pkg;
    try {
      pkg = JSON.parse(readFileSync(`${ROOT}${dir}/package.json`, 'utf8'));
    } catch {
      continue; // a folder without a package
    }
    if (!pkg.scripts?.build?.startsWith('tsc ')) continue;
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    projects.set(pkg.name, { dir, deps });
  }
  const ordered = [];
  const visit = (name) => {
    const project = projects.get(name);
    if (!project || ordered.includes(project.dir)) return;
    for (const dep of project.deps) visit(dep);
    ordered.push(project.dir);
  };
  for (const name of projects.keys()) visit(name);
  return ordered.map((dir) => `${dir}/tsconfig.build.json`);
}

console.log(`› runtime: Node ${process.version}`);
installIfNeeded();
await checkServices();
// everything once (the web apps too, which the gateway serves); the watch then rebuilds what changes.
// --skip-build: the watch's first pass builds the backend projects that are out of date, no more
if (!process.argv.includes('--skip-build')) build();
const stack = await prepareStack();
const tsc = spawnPrefixed('tsc', process.execPath, [
  `${ROOT}node_modules/typescript/bin/tsc`,
  '-b',
  '--watch',
  '--preserveWatchOutput',
  ...tscProjects(),
]);
// a process that crashed waits for the next change instead of restarting (Node's watch mode); the console is not
// cleared at each restart, where ten processes would wipe each other's lines
const stopProcesses = startProcesses(['--watch', '--watch-preserve-output']);
onShutdown(
  () => tsc.kill('SIGTERM'),
  stopProcesses,
  () => stack.mailCatcher?.close(),
  () => stack.paymentSandboxes?.close(),
);
console.log('› watching: a saved file rebuilds its project (tsc), and the processes that loaded it restart');
await announceStack(stack);
