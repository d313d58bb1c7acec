#!/usr/bin/env node
// npm run replicas: the stack with two replicas of every process on this machine (after `npm run build`), behind a
// load balancer on http://127.0.0.1:3700, until Ctrl-C. Its own database (shop_replicas) and prefixes.
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { startReplicaStack } from './replica-stack.mjs';

const stack = await startReplicaStack({ stderr: 'inherit' });
console.log(`› two replicas of every process; load balancer ${stack.url}, gateways ${stack.gateways.join(', ')}`);
for (const [name, ports] of Object.entries(stack.ports)) console.log(`  ${name.padEnd(14)} ${ports.join(', ')}`);
process.once('SIGINT', async () => {
  await stack.stop();
  process.exit(0);
});
