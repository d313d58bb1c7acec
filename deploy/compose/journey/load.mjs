// The load step: many customers order at once while the order service is killed; each 201 is in the database once.
import { runShell, saveState, sql } from './context.mjs';
import { Browser, need, sleep } from './http.mjs';
import { customer, newIdempotencyKey, orderBody, shop } from './shop.mjs';

const RETRYABLE = (status) => status === 0 || status === 409 || status >= 500;
const MAX_ATTEMPTS = 12;

/**
 * One customer's checkout, resilient as the Idempotency-Key contract allows: one key for the order, sent again with
 * the same key after a network error, a 5xx or a 409 (its first attempt still being written), with growing pauses
 * (Retry-After when the gateway names one), at most MAX_ATTEMPTS times. (The storefront itself makes a new key
 * after any failed attempt: use-checkout-form.ts fail().)
 */
async function placeWithRetries(browser, body) {
  const key = newIdempotencyKey();
  const tries = [];
  for (let attempt = 1; ; attempt++) {
    let res;
    try {
      res = await browser.request('POST', '/api/orders', { body, headers: { 'idempotency-key': key } });
    } catch (err) {
      res = { status: 0, json: null, headers: new Headers(), error: err.cause?.code ?? err.name };
    }
    tries.push(res.status === 0 ? res.error : res.status);
    if (!RETRYABLE(res.status) || attempt === MAX_ATTEMPTS) return { key, res, tries };
    const retryAfter = Number(res.headers.get('retry-after')) * 1000 || 0;
    await sleep(Math.min(5000, Math.max(retryAfter, 250 * 2 ** attempt)));
  }
}

/**
 * 7. Many customers order at once (JOURNEY_CONCURRENCY at a time), each from its own address with its own phone and
 * e-mail; after JOURNEY_KILL_AFTER orders went out KILL_ORDER_CMD crashes the order service, which its restart
 * policy brings back. Every order answered 201 must be in the database exactly once, and none may be lost.
 */
export async function stepLoad(ctx) {
  need(ctx.s, 'baseUrl', 'killOrderCmd', 'sqlCmd');
  const cart = await shop(ctx);
  const { orders: total, concurrency, killAfter } = ctx.s;
  // addresses of the benchmarking range 198.18.0.0/15, a block of its own for this run
  const base = parseInt(ctx.run, 16) % (131_072 - total);
  const address = (i) => `198.${18 + ((base + i) >> 16)}.${((base + i) >> 8) & 255}.${(base + i) & 255}`;
  const results = new Array(total);
  let next = 0;
  let sent = 0;
  let kill = null;
  const startedAt = Date.now();
  async function worker() {
    while (next < total) {
      const i = next++;
      const who = customer(ctx, `last-${i}`);
      if (++sent === killAfter + 1)
        kill = (async () => ({ at: Date.now() - startedAt, ...(await runShell(ctx.s.killOrderCmd)) }))();
      const browser = new Browser(ctx.s.baseUrl, address(i));
      results[i] = { i, email: who.email, ...(await placeWithRetries(browser, orderBody(cart, who))) };
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  const elapsed = Date.now() - startedAt;
  const killed = kill ? await kill : null;
  if (!killed) throw new Error(`KILL_ORDER_CMD never ran (${total} orders, JOURNEY_KILL_AFTER ${killAfter})`);
  if (killed.code !== 0)
    throw new Error(`KILL_ORDER_CMD failed (${killed.code ?? killed.signal}): ${killed.out || 'no output'}`);

  const created = results.filter((r) => r.res.status === 201);
  const retried = results.filter((r) => r.tries.length > 1);
  const replayed = created.filter((r) => r.res.headers.get('idempotent-replayed') === 'true');
  const failed = results.filter((r) => r.res.status !== 201);
  const failures = [...new Set(failed.map((r) => `${r.tries.join('→')} ${r.res.json?.code ?? ''}`.trim()))];

  // the database: this run's load orders by their customers' e-mail addresses, with their ids
  const rows = sql(
    ctx,
    `SELECT customer->>'email', id FROM "order"."order" WHERE customer->>'email' LIKE 'journey-${ctx.run}-last-%' ORDER BY id;`,
  );
  const byEmail = new Map();
  for (const [email, id] of rows) byEmail.set(email, [...(byEmail.get(email) ?? []), Number(id)]);
  const twice = [...byEmail].filter(([, ids]) => ids.length > 1);
  const lost = created.filter((r) => {
    const ids = byEmail.get(r.email) ?? [];
    return ids.length !== 1 || ids[0] !== r.res.json.data.id;
  });
  const strays = failed.filter((r) => byEmail.has(r.email));
  ctx.state.load = { run: ctx.run, ids: created.map((r) => r.res.json.data.id) };
  saveState(ctx);

  const counts = [
    `sent ${total} (${concurrency} at a time, ${elapsed} ms), 201: ${created.length}, retried: ${retried.length} (${retried.reduce((n, r) => n + r.tries.length - 1, 0)} retries, ${replayed.length} answered as idempotent replays), failed after retries: ${failed.length}, rows found: ${rows.length}, in the database twice: ${twice.length}`,
    `KILL_ORDER_CMD ran ${killed.at} ms in, after order ${killAfter}${killed.out ? `: ${killed.out.split('\n')[0]}` : ''}`,
  ];
  if (retried.length)
    counts.push(`retry paths: ${[...new Set(retried.map((r) => r.tries.join('→')))].slice(0, 6).join(', ')}`);
  const problems = [];
  if (failed.length)
    problems.push(`${failed.length} orders failed after ${MAX_ATTEMPTS} attempts (${failures.join('; ')})`);
  if (twice.length)
    problems.push(`${twice.length} customers' orders are in the database twice: ${JSON.stringify(twice.slice(0, 5))}`);
  if (lost.length) problems.push(`${lost.length} orders answered 201 are not in the database under their id`);
  if (strays.length) problems.push(`${strays.length} orders refused to the customer are in the database all the same`);
  if (failed.some((r) => r.res.status === 429))
    problems.push(
      'a fresh customer was limited: does the gateway believe this host’s X-Forwarded-For? (TRUSTED_PROXIES must be the address the host’s requests arrive from)',
    );
  if (problems.length) throw new Error(`${problems.join('; ')} — ${counts[0]}`);
  if (!retried.length) counts.push('note: no order needed a retry: the crash was not seen by any request');
  return counts;
}
