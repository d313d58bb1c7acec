#!/usr/bin/env node
// npm start: install if needed, build, migrate, seed the demo shop, start every process, print the URLs.
// Without Mollie/Datatrans configured, card payments go to local demo sandboxes (scripts/lib/demo-payments.mjs).
// The processes (PROCESSES in scripts/lib/local-stack.mjs, shared with npm run dev), each from its dist/main.js:
// services/catalogue/, services/identity/, services/order/, services/content/, services/payment/,
// services/statistics/, services/time-tracking/, services/signage/, services/workers/, then gateway/.
import './lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { build, checkServices, installIfNeeded } from './lib/env.mjs';
import { announceStack, onShutdown, prepareStack, startProcesses } from './lib/local-stack.mjs';

console.log(`› runtime: Node ${process.version}`);
installIfNeeded();
await checkServices();
// --skip-build: run what is already built (a second stack beside a build in progress)
if (!process.argv.includes('--skip-build')) build();
const stack = await prepareStack();
const stopProcesses = startProcesses();
onShutdown(
  stopProcesses,
  () => stack.mailCatcher?.close(),
  () => stack.paymentSandboxes?.close(),
);
await announceStack(stack);
