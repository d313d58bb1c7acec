#!/usr/bin/env node
// node scripts/bench/order-rate-sweep.mjs: CPU per order of the gateway and the order service at steady rates
// (RATES, orders/s, comma-separated; 0 = the stack idle for 10 s, every process's CPU per second), 10 s each, on an
// isolated stack (database shop_ratesweep, gateway :3960) with the mix of bench:order-full and the workers stopped
// (SIGSTOP: their jobs wait, the cores are the request path's). It shows what one order costs when it arrives alone
// on idle cores against the batches of a busy minute (scripts/bench/README.md, thirteenth round of issue 45).
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { login, NO_ORDER_LIMITS } from './order-api.mjs';
import { machineBusy } from './order-full/cpu.mjs';
import { firstOrderOfEachKind, nextOrder, prepareShop } from './order-full/mix.mjs';
import { cpuSeconds, runAtRate, sleep, startStack } from './stack.mjs';

const RATES = (process.env.RATES ?? '0,1,20,80,160').split(',').map(Number);
const SECONDS = 10;
const stack = await startStack({
  database: 'shop_ratesweep',
  natsPrefix: 'ratesweep.',
  redisPrefix: 'ratesweep:',
  gatewayPort: 3960,
  healthPorts: {
    catalogue: 3961,
    identity: 3962,
    order: 3963,
    content: 3964,
    workers: 3965,
    payment: 3966,
    signage: 3969,
  },
  services: ['catalogue', 'identity', 'order', 'content', 'payment', 'signage', 'workers'],
  fresh: true,
  // nothing listens there: the workers are stopped before the first order of the sweep
  env: { SMTP_URL: 'smtp://127.0.0.1:9', ...NO_ORDER_LIMITS },
});
const gw = stack.gatewayUrl;
const shop = await prepareShop(gw, await login(gw));
await firstOrderOfEachKind(gw, shop);
stack.children.get('workers').kill('SIGSTOP');
const request = {
  method: 'POST',
  path: '/api/orders',
  headers: { 'content-type': 'application/json' },
  setupRequest: (req) => ({
    ...req,
    body: JSON.stringify(nextOrder(shop).body),
    headers: { ...req.headers, 'idempotency-key': randomUUID() },
  }),
};
const cpu = () => Object.fromEntries([...stack.children].map(([name, child]) => [name, cpuSeconds(child.pid)]));
const ms = (s) => `${(s * 1000).toFixed(2)} ms`;
console.log(`CPU of the gateway and the order service per order, ${SECONDS} s per rate (workers stopped):`);
for (const rate of RATES) {
  const [before, busyBefore] = [cpu(), machineBusy()];
  const result = rate ? await runAtRate(gw, request, SECONDS, rate) : await sleep(SECONDS * 1000);
  const [after, busy] = [cpu(), (machineBusy() - busyBefore) / (cpus().length * SECONDS)];
  const spent = (name) => after[name] - before[name];
  if (!rate) {
    const perSecond = Object.keys(after).map((name) => `${name} ${ms(spent(name) / SECONDS)}`);
    console.log(`  idle: CPU per second ${perSecond.join(', ')}; the cores ${(busy * 100).toFixed(0)} % busy`);
    continue;
  }
  const orders = result.statusCodeStats['201']?.count ?? 0;
  console.log(
    `  ${String(rate).padStart(4)}/s: ${orders} orders, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ` +
      `gateway ${ms(spent('gateway') / orders)}, order ${ms(spent('order') / orders)} per order; ` +
      `the cores ${(busy * 100).toFixed(0)} % busy`,
  );
}
stack.children.get('workers').kill('SIGCONT');
stack.stop();
process.exit(0);
