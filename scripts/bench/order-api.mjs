// Shared by the order benches and the crash drill: staff login, a branch open all day, a 3-line order body.
export const BRANCH_IDENTIFIER = 'wien-innere-stadt';
export const SIMPLE_PRODUCTS = ['Tafelspitz mit Apfelkren und Schnittlauchsauce', 'Apfelstrudel', 'Fiakergulasch'];
export const ADMIN = { username: 'admin', password: 'Admin-Demo-2026!' };
/**
 * The gateway's write limit and the abuse limits of anonymous orders out of the way: a bench's or drill's orders all
 * come from one address (and one customer), thousands of them.
 */
export const NO_ORDER_LIMITS = {
  RATE_LIMIT_WRITES_PER_MINUTE: '1000000000',
  ORDER_CHALLENGE_AFTER: '1000000000',
  ORDER_LIMIT_PER_CLIENT: '1000000000',
  ORDER_LIMIT_PER_PHONE: '1000000000',
  ORDER_LIMIT_PER_EMAIL: '1000000000',
};
const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];

/** The parsed JSON answer, or an error naming `what` with the status and the start of the body. */
export async function json(res, what) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** POST /backend/login → { cookie: 'sid=…; _csrf=…', csrfToken } */
export async function login(gatewayUrl, { username, password } = ADMIN) {
  const res = await fetch(`${gatewayUrl}/backend/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await json(res, 'login');
  // every cookie, as a browser keeps them: the session (sid) and the CSRF secret (_csrf)
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!cookies.some((c) => c.startsWith('sid='))) throw new Error('login: no sid cookie');
  return { cookie: cookies.join('; '), csrfToken: body.data.csrfToken };
}

/**
 * Makes the branch open (and delivering) around the clock, so an order is accepted whatever the time of day, with
 * `changes` of its own (order-full-bench turns preorders on). Returns the branch.
 */
export async function openAllDay(gatewayUrl, session, identifier = BRANCH_IDENTIFIER, changes = {}) {
  const { data: branch } = await json(await fetch(`${gatewayUrl}/api/branches/${identifier}`), 'GET branch');
  const { data: full } = await json(
    await fetch(`${gatewayUrl}/api/branches/${branch.id}`, { headers: { cookie: session.cookie } }),
    'GET branch by id',
  );
  const res = await fetch(`${gatewayUrl}/api/branches/${branch.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrfToken },
    body: JSON.stringify({ ...full, openingHours: ALL_DAY, deliveryHours: ALL_DAY, ...changes }),
  });
  return (await json(res, 'PUT branch')).data;
}

/** ids of the named products (GET /api/products?perPage=500) */
export async function productIds(gatewayUrl, names = SIMPLE_PRODUCTS) {
  const { data } = await json(await fetch(`${gatewayUrl}/api/products?perPage=500`), 'GET products');
  return names.map((name) => {
    const product = data.find((p) => p.name === name);
    if (!product) throw new Error(`product not found: ${name}`);
    return product.id;
  });
}

/** The customer of every bench order: address, consent, cash. */
export const CUSTOMER = {
  firstName: 'Anna',
  lastName: 'Berger',
  email: 'anna@example.at',
  phone: '+43 660 1234567',
  street: 'Hauptstraße 1',
  zipCode: '1010',
  city: 'Wien',
  country: 'AT',
  legalInstructions: true,
  privacyPolicy: true,
  paymentMethod: 'cash',
};

/** A takeaway order, paid cash, one line per product. */
export const orderBody = (branchId, products, amounts = [1, 2, 1]) => ({
  branch: branchId,
  isDelivery: false,
  isDineIn: false,
  items: products.map((product, i) => ({ product, amount: amounts[i % amounts.length] })),
  ...CUSTOMER,
});

/** POST /api/orders → { status, body } (body parsed when JSON) */
export async function postOrder(gatewayUrl, body, idempotencyKey) {
  const headers = { 'content-type': 'application/json' };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const res = await fetch(`${gatewayUrl}/api/orders`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/**
 * Opens the branch all day and waits until the order service, which caches the branch, accepts orders for it:
 * a probe without the legal consent must fail on that field alone (no order is written). Then, unless
 * placeOrder is false, places a first order. Returns { session, branch, products, body, order }.
 */
export async function prepareOrdering(gatewayUrl, { placeOrder = true, timeoutMs = 15_000 } = {}) {
  const session = await login(gatewayUrl);
  const branch = await openAllDay(gatewayUrl, session);
  const products = await productIds(gatewayUrl);
  const body = orderBody(branch.id, products);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const probe = await postOrder(gatewayUrl, { ...body, legalInstructions: false });
    const fields = probe.status === 422 ? probe.body.errors.map((e) => e.field) : [];
    if (fields.length === 1 && fields[0] === 'legalInstructions') break;
    if (Date.now() > until)
      throw new Error(
        `the branch does not accept orders: HTTP ${probe.status} ${JSON.stringify(probe.body).slice(0, 500)}`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!placeOrder) return { session, branch, products, body, order: null };
  const res = await postOrder(gatewayUrl, body);
  if (res.status !== 201)
    throw new Error(`first order failed: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  return { session, branch, products, body, order: res.body.data };
}
