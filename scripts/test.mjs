#!/usr/bin/env node
// npm test: every test, unit to integration, against the real local Postgres, Redis and NATS.
import './lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { checkServices, installIfNeeded, ROOT, run } from './lib/env.mjs';

console.log(`› runtime: Node ${process.version}`);
installIfNeeded();
await checkServices();
console.log('› lint (ESLint, no warnings allowed)');
run('npm run lint --silent');
console.log('› format check (Prettier)');
run('npm run format:check --silent');
console.log('› type-checking every project (sources and tests)');
run('npx nx run-many -t typecheck --outputStyle=stream');
console.log('› building the web apps (the browser tests drive them through the gateway)');
run(
  'npx nx run-many -t build -p @shop/web-storefront @shop/web-presenter @shop/web-backoffice @shop/web-player --outputStyle=stream',
);
console.log('› vitest: web component tests');
run('npx nx run-many -t test:unit --outputStyle=stream');
console.log('› jest: unit, integration and browser tests');
// Postgres' max_connections and the peak of connections while Jest runs (scripts/lib/connection-peak.mjs)
const peak = spawn(process.execPath, [`${ROOT}scripts/lib/connection-peak.mjs`], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.on('exit', () => peak.kill('SIGTERM'));
// always in workers, never in band: a test file's leftover handles end with its worker instead of keeping Jest alive;
// --forceExit: a process a failed test spawned and could not stop must not keep the run (and CI) waiting
run(`npx jest --ci --maxWorkers=2 --forceExit ${process.argv.slice(2).join(' ')}`, {
  env: {
    // every test file's time, for keeping the run within its budget (the run prints the slowest twenty)
    JEST_TIMINGS_FILE: 'tmp/jest-timings.json',
    ...process.env,
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim(),
  },
});
peak.kill('SIGTERM');
await once(peak, 'exit');
