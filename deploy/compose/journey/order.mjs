// The order steps: a customer orders (with the proof-of-work the gateway asks for), the order is on the board, the
// confirmation e-mail reached the mail catcher.
import { admin } from './admin.mjs';
import { saveState } from './context.mjs';
import { Browser, REQUEST_TIMEOUT_MS, expectStatus, need, said, sleep } from './http.mjs';
import { customer, newIdempotencyKey, orderBody, shop, solveOrderChallenge } from './shop.mjs';

/**
 * 2. A customer orders from the public catalogue; one client (address, phone, e-mail) keeps ordering until the
 * gateway asks for the proof-of-work, which is solved as the storefront does and sent with the same order.
 */
export async function stepOrder(ctx) {
  need(ctx.s, 'baseUrl');
  const cart = await shop(ctx);
  const who = customer(ctx, 'kunde');
  const browser = new Browser(ctx.s.baseUrl, `198.51.100.${1 + (parseInt(ctx.run.slice(0, 2), 16) % 250)}`);
  const body = orderBody(cart, who);
  const free = [];
  let challenged = null;
  for (let i = 0; i < 25 && !challenged; i++) {
    const key = newIdempotencyKey();
    const res = await browser.request('POST', '/api/orders', { body, headers: { 'idempotency-key': key } });
    if (res.status === 201) free.push(res.json.data);
    else if (res.status === 429 && res.json?.code === 'CHALLENGE_REQUIRED') challenged = { key, res };
    else throw new Error(`order ${i + 1}: ${said(res)}`);
  }
  if (!challenged) throw new Error(`${free.length} orders from one client and still no proof-of-work asked for`);
  const started = Date.now();
  const solution = await solveOrderChallenge(browser);
  const solvedMs = Date.now() - started;
  const res = await browser.request('POST', '/api/orders', {
    body,
    headers: { 'idempotency-key': challenged.key, 'x-altcha': solution.header },
  });
  const order = expectStatus(res, 201, 'the order with the solved challenge');
  // the customer's status page shows it
  const status = expectStatus(
    await browser.request('GET', `/api/orders/public/${order.uid}/${order.hash}`),
    200,
    'the order status page',
  );
  if (status.id !== order.id) throw new Error(`the status page shows order ${status.id}, not ${order.id}`);
  ctx.order = {
    ...order,
    email: who.email,
    comment: who.comment,
    branch: cart.branch.id,
    branchName: cart.branch.name,
    cart: { items: cart.items, totalGross: cart.totalGross },
  };
  ctx.state.order = ctx.order;
  ctx.state.orders = [...free, order].map((o) => ({ id: o.id, uid: o.uid, ticketNumber: o.ticketNumber }));
  ctx.state.order.run = ctx.run;
  saveState(ctx);
  const lines = cart.items.map((i) => `${i.amount} × ${i.name}`).join(', ');
  return [
    `branch ${cart.branch.name}, ${cart.appointment ? `preorder for ${cart.appointment.toISOString()} (closed now)` : 'open now'}: ${lines}, ${cart.totalGross.toFixed(2)} ${ctx.shop.config.currency ?? ''} in the cart`,
    `${free.length} free orders (201, tickets ${free.map((o) => o.ticketNumber).join(', ')}), then 429 CHALLENGE_REQUIRED`,
    `proof-of-work solved in ${solvedMs} ms (number ${solution.number}); the same order with X-Altcha: 201, id ${order.id}, ticket ${order.ticketNumber}`,
  ];
}

export function ensureOrder(ctx) {
  if (!ctx.order && ctx.state.order) ctx.order = ctx.state.order;
  if (!ctx.order) throw new Error('no order: run the order step first (or give the JOURNEY_STATE of a run that did)');
  return ctx.order;
}

/** 3. The order is on the order board the administrator sees (GET /api/orders/current, as the back office polls). */
export async function stepBoard(ctx) {
  const order = ensureOrder(ctx);
  const browser = await admin(ctx);
  const board = expectStatus(
    await browser.get(`/api/orders/current?branch=${order.branch}`),
    200,
    'GET /api/orders/current',
  );
  const onBoard = board.find((o) => o.id === order.id);
  if (!onBoard) throw new Error(`order ${order.id} is not among the ${board.length} orders on the board`);
  if (onBoard.uid !== order.uid) throw new Error(`order ${order.id} has another uid on the board`);
  const ids = new Set(board.map((o) => o.id));
  const missing = (ctx.state.orders ?? []).filter((o) => !ids.has(o.id));
  if (missing.length) throw new Error(`orders ${missing.map((o) => o.id).join(', ')} of this run are not on the board`);
  const notes = [
    `${board.length} current orders at ${order.branchName ?? `branch ${order.branch}`}; order ${order.id} (ticket ${order.ticketNumber}) is there, status ${onBoard.status}`,
  ];
  // the server priced the cart's lines from the catalogue: the same lines and total the storefront showed
  if (order.cart) {
    const lines = onBoard.items.map((i) => `${i.amount} × ${i.name} ${Number(i.gross).toFixed(2)}`).join(', ');
    const total = Number(onBoard.pricing?.totalGross);
    const same =
      onBoard.items.length === order.cart.items.length &&
      order.cart.items.every((c, i) => onBoard.items[i]?.product === c.product && onBoard.items[i].amount === c.amount);
    if (!same) throw new Error(`the board shows the lines ${lines}, the cart had ${JSON.stringify(order.cart.items)}`);
    if (!(Math.abs(total - order.cart.totalGross) < 0.005))
      throw new Error(`the server priced the order at ${total}, the storefront's cart at ${order.cart.totalGross}`);
    notes.push(`priced by the server: ${lines}; total ${total.toFixed(2)} = the storefront's cart`);
  }
  return notes;
}

/** 4. The customer's confirmation e-mail reached the mail catcher (MailDev's REST API). */
export async function stepMail(ctx) {
  need(ctx.s, 'mailApiUrl');
  const order = ensureOrder(ctx);
  const deadline = Date.now() + ctx.s.mailWaitMs;
  for (;;) {
    const res = await fetch(`${ctx.s.mailApiUrl}/email`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`GET ${ctx.s.mailApiUrl}/email answered ${res.status}`);
    const mails = await res.json();
    const seen = mails.length;
    const mail = mails.find(
      (m) =>
        (m.to ?? []).some((t) => String(t.address).toLowerCase() === order.email) &&
        `${m.text ?? ''}${m.html ?? ''}`.includes(order.uid),
    );
    if (mail) {
      return [`"${mail.subject}" to ${order.email} (status link with the order's uid), ${seen} mails in the catcher`];
    }
    if (Date.now() > deadline)
      throw new Error(
        `no mail to ${order.email} about order ${order.id} within ${ctx.s.mailWaitMs / 1000} s (${seen} mails caught)`,
      );
    await sleep(1000);
  }
}
