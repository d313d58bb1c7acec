#!/usr/bin/env node
// node scripts/bench/bus-bench.mjs: what a request over the bus costs, the way BusClient sends it (its replies on
// one subscription per connection, a token per request) beside Nest's own ClientNats way (an inbox subscribed and
// unsubscribed per request), from the built libs/server (`npx nx run-many -t build` first); issue 45, thirteenth
// round. A plain NATS responder in a child process answers each request as a Nest service does. Each way runs
// ROUNDS times, interleaved with the other, BENCH_REQUESTS (default 20,000) requests per round, BENCH_CONCURRENCY
// (default 20) at a time; prints per request the CPU µs of this process (the client), of the responder and of the
// NATS server (shared with everything else on the machine: an upper bound), and the medians.
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { Logger } from '@nestjs/common';
import { ClientNats } from '@nestjs/microservices';
import { connect } from '@nats-io/transport-node';
import { fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lastValueFrom } from 'rxjs';
import { ROOT } from '../lib/env.mjs';
import { cpuSeconds } from './stack.mjs';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ROUNDS = 5;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const prefix = `busbench${randomBytes(3).toString('hex')}.`;

if (process.argv[2] === 'responder') {
  const nc = await connect({ servers: NATS_URL });
  nc.subscribe(`${process.argv[3]}probe.echo`, {
    callback: (_err, msg) => {
      const { id, data } = msg.json();
      msg.respond(JSON.stringify({ id, response: data, isDisposed: true }));
    },
  });
  await nc.flush();
  process.send?.('ready');
} else {
  Logger.overrideLogger(false); // the clients' connection status lines
  const { BusClient } = await import(`${ROOT}libs/server/dist/bus/bus-transport.js`);
  /** Nest's ClientNats with the bus's subject prefix: BusClient before this round */
  class NestWay extends BusClient {}
  NestWay.prototype.publish = ClientNats.prototype.publish;

  const responder = fork(new URL(import.meta.url).pathname, ['responder', prefix]);
  await new Promise((resolve) => responder.once('message', resolve));
  const natsPids = spawnSync('pgrep', ['-x', 'nats-server'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const natsCpu = () => natsPids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);

  async function round(Client) {
    const client = new Client(prefix, { servers: NATS_URL });
    await client.connect();
    const send = (n) => lastValueFrom(client.send('probe.echo', { n }));
    for (let i = 0; i < 500; i++) await send(i); // warm-up
    const [own, responderBefore, natsBefore] = [process.cpuUsage(), cpuSeconds(responder.pid), natsCpu()];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) await send(next++);
      }),
    );
    const used = process.cpuUsage(own);
    const result = {
      client: (used.user + used.system) / REQUESTS,
      responder: ((cpuSeconds(responder.pid) - responderBefore) * 1e6) / REQUESTS,
      nats: ((natsCpu() - natsBefore) * 1e6) / REQUESTS,
    };
    await client.close();
    return result;
  }

  const ways = { 'Nest (inbox per request)': NestWay, 'BusClient (one reply subscription)': BusClient };
  const results = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
  for (let r = 0; r < ROUNDS; r++)
    for (const [name, Client] of Object.entries(ways)) results[name].push(await round(Client));
  responder.kill();
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(
    `CPU µs per request (${REQUESTS} requests per round, ${CONCURRENCY} at a time, ${ROUNDS} rounds interleaved):`,
  );
  for (const [name, list] of Object.entries(results)) {
    const line = ['client', 'responder', 'nats'].map(
      (k) => `${k} ${list.map((x) => x[k].toFixed(0)).join('/')} (median ${median(list.map((x) => x[k])).toFixed(0)})`,
    );
    console.log(`  ${name.padEnd(36)} ${line.join(', ')}`);
  }
  process.exit(0);
}
