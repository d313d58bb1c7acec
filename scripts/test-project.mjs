#!/usr/bin/env node
// `npx nx test <project>` (each workspace's "test" script, run in its folder): Jest with the root config on that
// folder's specs, in ESM mode as npm test runs it (NestJS 12 is ESM-only: --experimental-vm-modules). Arguments
// after `--` go to Jest and narrow the run: a spec's path (`-- src/orders/order-flow.spec.ts`) or a test's name
// (`-- -t 'verworfen'`). Postgres, Redis and NATS must be running, as for npm test.
import './lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib/env.mjs';

const project = process.cwd();
const res = spawnSync(
  process.execPath,
  [
    `${ROOT}node_modules/jest/bin/jest.js`,
    '--config',
    `${ROOT}jest.config.js`,
    '--ci',
    // the project's folder only (a library without specs passes)
    '--roots',
    project,
    '--passWithNoTests',
    ...process.argv.slice(2),
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim(),
    },
  },
);
process.exit(res.status ?? 1);
