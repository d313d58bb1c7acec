import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { STREAMS } from '@shop/contracts';
import { streamName } from '@shop/server';
import { cleanupPrefixes, NATS_URL, REDIS_URL, startMailCatcher, uniquePrefixes, waitFor } from '@shop/testing';
import { Queue } from 'bullmq';
import pg from 'pg';
import { WorkersConfigSchema } from '../../services/workers/src/config/workers-config.js';
import { ADMIN, takeawayOrder } from '../support/stack.js';

interface ReplicaStack {
  env: Record<string, string>;
  url: string;
  gateways: string[];
  processes: string[];
  kill(name: string, i: number): Promise<unknown>;
  stop(): Promise<void>;
}
const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
/** sized for 2 cores: 2 × 10 processes, 2 × 12 orders */
const ORDERS_PER_PHASE = 12;

/**
 * Issue 23: two gateways behind a load balancer and two instances of every service and of the workers
 * (scripts/replicas/replica-stack.mjs, the built dist/ files) keep orders exact, sessions shared, caches
 * coherent, and every event and job once, also when one replica of each is killed in the middle.
 */
describe('two replicas of everything', () => {
  const prefixes = uniquePrefixes('replicas');
  let stack: ReplicaStack;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let db: pg.Client;
  let cookie: string;
  let csrf: string;
  let branch: Record<string, unknown> & { id: number };
  let product: number;
  const created: Array<{ id: number; uid: string; hash: string; email: string; ms: number }> = [];

  beforeAll(async () => {
    smtp = await startMailCatcher();
    const { startReplicaStack } = (await import('../../scripts/replicas/replica-stack.mjs' as string)) as {
      startReplicaStack(o: object): Promise<ReplicaStack>;
    };
    stack = await startReplicaStack({
      database: `shop_replicas_${process.pid}`,
      natsPrefix: prefixes.nats,
      redisPrefix: prefixes.redis,
      // 50 ports from 30000 to 32499: below the kernel's ephemeral range (32768 on), where an outgoing
      // connection took a health port before its replica listened, and above the ports freePort() hands out
      basePort: 30_000 + (process.pid % 50) * 50,
      env: { SMTP_URL: smtp.url, WORKER_LOCK_DURATION_MS: '3000' },
    });
    db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    await db?.end();
    await smtp?.close();
    await cleanupPrefixes(prefixes);
    if (stack) {
      const { dropDatabase } = (await import('../../scripts/lib/env.mjs' as string)) as {
        dropDatabase(url: string): Promise<void>;
      };
      await dropDatabase(stack.env.DATABASE_URL!);
    }
  }, 60_000);

  const staff = (base: string, path: string, init: RequestInit = {}) =>
    fetch(base + path, {
      ...init,
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf, ...init.headers },
    });

  it('a staff session made on one gateway works on the other', async () => {
    const [a, b] = stack.gateways;
    const login = await fetch(`${a}/backend/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    csrf = (await login.json()).data.csrfToken;
    expect((await fetch(`${b}/api/users/me`)).status).toBe(401);
    const me = await staff(b!, '/api/users/me');
    expect(me.status).toBe(200);
    expect((await me.json()).data.username).toBe(ADMIN.username);
    // a write with the session and CSRF token of gateway A, sent to gateway B
    const got = (await (await staff(b!, '/api/branches/wien-innere-stadt')).json()).data;
    const put = await staff(b!, `/api/branches/${got.id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...got, openingHours: ALL_DAY }),
    });
    expect(put.status).toBe(200);
    branch = (await put.json()).data;
  });

  it('a catalogue change invalidates the /api/init caches of both gateways; an order change their status caches', async () => {
    const products = (await (await staff(stack.gateways[0]!, '/api/products?perPage=500')).json()).data as Array<{
      id: number;
      name: string;
    }>;
    product = products.find((p) => p.name === 'Apfelstrudel')!.id;
    const target = (await (await staff(stack.gateways[0]!, `/api/products/${product}`)).json()).data;
    const init = (base: string) => fetch(`${base}/api/init?branch=${branch.id}`).then((r) => r.text());
    for (const base of stack.gateways) expect(await init(base)).not.toContain('Strudel der Replikate');
    const renamed = await staff(stack.gateways[0]!, `/api/products/${product}`, {
      method: 'PUT',
      body: JSON.stringify({ ...target, name: 'Strudel der Replikate' }),
    });
    expect(renamed.status).toBe(200);
    for (const base of stack.gateways)
      await waitFor(async () => (await init(base)).includes('Strudel der Replikate'), 10_000);

    const order = await place(stack.gateways[1]!, 0);
    const status = (base: string) =>
      fetch(`${base}/api/orders/public/${order.uid}/${order.hash}`).then(async (r) => (await r.json()).data);
    for (const base of stack.gateways) expect((await status(base)).isConfirmed).toBe(false);
    const confirmed = await staff(stack.gateways[0]!, `/api/orders/${order.id}/status/confirm`, {
      method: 'POST',
      body: '{}',
    });
    expect(confirmed.status).toBe(200);
    for (const base of stack.gateways) await waitFor(async () => (await status(base)).isConfirmed === true, 10_000);
  });

  /** places an order (a unique customer address), sending it again with its Idempotency-Key while it fails */
  async function place(base: string, n: number) {
    const email = `replica-${n}@example.at`;
    const started = Date.now();
    const body = JSON.stringify({ ...takeawayOrder(branch.id, product), email });
    const res = await waitFor(async () => {
      const r = await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `replicas-${n}` },
        body,
      }).catch(() => null);
      if (r && r.status !== 201 && r.status < 500) throw new Error(`order ${n}: ${r.status} ${await r.text()}`);
      return r?.status === 201 ? r : null;
    }, 30_000);
    const data = (await res.json()).data as { id: number; uid: string; hash: string };
    const entry = { ...data, email, ms: Date.now() - started };
    created.push(entry);
    return entry;
  }

  it('takes orders alternately through both gateways, and through the balancer while one replica of every process is killed', async () => {
    const started = Date.now();
    for (let n = 1; n <= ORDERS_PER_PHASE; n++) await place(stack.gateways[n % 2]!, n);
    const phase1 = (Date.now() - started) / 1000;

    // one replica of every kind of process: gateway, workers and each service
    const killing = Promise.all(stack.processes.map((name) => stack.kill(name, 0)));
    const second = [];
    for (let n = ORDERS_PER_PHASE + 1; n <= 2 * ORDERS_PER_PHASE; n++) {
      second.push(place(stack.url, n));
      if (second.length === 2) await killing; // the kills land while orders are in flight
    }
    await Promise.all(second);
    const ms = created.map((c) => c.ms).sort((x, y) => x - y);
    console.log(
      `replicas: ${ORDERS_PER_PHASE} orders alternating gateways in ${phase1.toFixed(1)} s ` +
        `(${(ORDERS_PER_PHASE / phase1).toFixed(1)}/s sequential); order time p50 ${ms[Math.floor(ms.length / 2)]} ms, ` +
        `max ${ms[ms.length - 1]} ms (incl. retries after the kills)`,
    );

    // gap-free tickets, no duplicates: every order of the branch has its own number, 1…n
    const { rows } = await db.query<{ ticketNumber: number }>(
      `SELECT "ticketNumber" FROM "order"."order" WHERE "branchId" = $1 ORDER BY "ticketNumber"`,
      [branch.id],
    );
    expect(rows.map((r) => r.ticketNumber)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.length).toBe(created.length);
    expect(new Set(created.map((c) => c.id)).size).toBe(created.length);
  });

  it('publishes each outbox event once and runs each job once, with two relays and two workers', async () => {
    // every customer gets the new-order e-mail at most once; the e-mail whose send the kill interrupted is held
    // by its send claim (SEND_CLAIM_SECONDS, 5 min: never twice) and its job waits in BullMQ, not lost. Only the
    // new-order mails count (their Message-ID names the job): a confirmed order also gets its status mail (issue 42)
    const mailsTo = (c: { id: number; email: string }) =>
      smtp.inbox.filter((m) => m.to.includes(c.email) && m.raw.includes(`<email-${c.id}-created.customer@`)).length;
    await waitFor(() => created.every((c) => mailsTo(c) >= 1), 30_000).catch(() => undefined);
    expect(created.filter((c) => mailsTo(c) > 1).map((c) => c.email)).toEqual([]);
    const held = created.filter((c) => mailsTo(c) === 0);
    const email = new Queue('email', { connection: { url: REDIS_URL }, prefix: `${prefixes.redis}bull` });
    try {
      for (const c of held) {
        const job = await email.getJob(`email-${c.id}-created`);
        expect({ order: c.id, state: await job?.getState() }).toEqual({
          order: c.id,
          state: expect.stringMatching(/^(waiting|delayed|active|prioritized)$/),
        });
      }
    } finally {
      await email.close();
    }
    console.log(
      `replicas: ${created.length - held.length} of ${created.length} new-order e-mails sent once, ${held.length} held by the send claim of the killed worker`,
    );

    // every job the orders wrote is in BullMQ once under its id; each finished one was reported to the order
    // service once, and ran once unless the killed worker held it (then BullMQ's stalled check gave it back) or an
    // attempt failed and was retried by the job's policy (e.g. its completion report reached the killed order
    // replica): a run more than that is a duplicate nobody can explain
    // (a receipt no device would take is recorded done by the relay and never reaches BullMQ: left out here)
    const jobs = await db.query<{ jobId: string; queue: 'print' | 'email' | 'sms' }>(
      `SELECT payload->>'jobId' AS "jobId", payload->>'queue' AS queue FROM "order"."outbox" o
        WHERE subject LIKE 'job.%' AND NOT (payload->>'name' = 'print-receipt' AND NOT EXISTS (
          SELECT 1 FROM "order"."device" d WHERE d."branchId" = (o.payload->'data'->>'branch')::int AND d."isEnabled"))`,
    );
    const orderJobs = created.length; // at least the new-order e-mail of each
    expect(jobs.rows.length).toBeGreaterThanOrEqual(orderJobs);
    const queues = new Map<string, Queue>();
    const queueOf = (name: string) =>
      queues.get(name) ??
      queues.set(name, new Queue(name, { connection: { url: REDIS_URL }, prefix: `${prefixes.redis}bull` })).get(name)!;
    try {
      const states = await Promise.all(
        jobs.rows.map(async ({ jobId, queue }) => {
          // the state first, then the job: a job that finishes between the two reads is read finished with its
          // run counted (read the other way round it shows completed with the counters of before its run)
          const state = await queueOf(queue).getJobState(jobId);
          const job = await queueOf(queue).getJob(jobId);
          return {
            jobId,
            state: state === 'unknown' ? undefined : state,
            runs: job?.attemptsMade ?? 0,
            stalled: job?.stalledCounter ?? 0,
            failedBefore: Boolean(job?.failedReason),
          };
        }),
      );
      const completed = states.filter((j) => j.state === 'completed');
      const reported = await db.query<{ jobId: string }>(
        `SELECT "jobId" FROM "order"."job_completion" WHERE "jobId" = ANY($1)`,
        [completed.map((j) => j.jobId)],
      );
      expect(reported.rows.map((r) => r.jobId).sort()).toEqual(completed.map((j) => j.jobId).sort());
      expect(completed.filter((j) => j.runs !== 1 && j.stalled === 0 && !j.failedBefore)).toEqual([]);
      const unfinished = states.filter((j) => j.state !== 'completed');
      expect(unfinished.every((j) => /^(waiting|delayed|active|prioritized)$/.test(j.state ?? 'missing'))).toBe(true);
      console.log(
        `replicas: ${jobs.rows.length} jobs (${[...new Set(jobs.rows.map((j) => j.queue))].join(', ')}), ` +
          `${completed.length} completed and reported once, ${completed.filter((j) => j.stalled > 0).length} taken over ` +
          `after the kill, ${completed.filter((j) => j.failedBefore).length} retried after a failed attempt, ` +
          `${unfinished.length} waiting for their retry`,
      );
    } finally {
      await Promise.all([...queues.values()].map((q) => q.close()));
    }
    // the killed worker held at most the e-mails it was sending at once (its concurrency; the stack sets none)
    expect(held.length).toBeLessThanOrEqual(WorkersConfigSchema.shape.EMAIL_CONCURRENCY.parse(undefined));

    const nc = await connect({ servers: NATS_URL });
    try {
      const jsm = await jetstreamManager(nc);
      const name = streamName(prefixes.nats, STREAMS.order.name);
      const info = await jsm.streams.info(name, { subjects_filter: '>' });
      expect(info.state.subjects?.[`${prefixes.nats}order.order.created`]).toBe(created.length);
    } finally {
      await nc.close();
    }
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "order"."outbox" WHERE "publishedAt" IS NULL`,
    );
    expect(rows[0]!.n).toBe(0);
  }, 90_000); // the wait for the e-mails runs its full 30 s whenever the kill left one held by its send claim
});
