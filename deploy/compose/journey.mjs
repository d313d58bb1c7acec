#!/usr/bin/env node
// The container check's user journey (issue 38): proves a running stack works as its users use it, over HTTP to
// the gateway only (as browsers, staff and printers do), plus two shell hooks for what no user can do: crash the
// order service (KILL_ORDER_CMD) and read the database (SQL_CMD). Run from the repo root on the host:
//
//   BASE_URL=http://127.0.0.1:3000 ADMIN_USERNAME=admin ADMIN_PASSWORD=… MAIL_API_URL=http://127.0.0.1:1080 \
//   KILL_ORDER_CMD='…' SQL_CMD='psql -X -At -F "$(printf "\t")" postgres://…/shop' \
//   JOURNEY_STATE=/tmp/journey-state.json node deploy/compose/journey.mjs [--only=order,board,mail]
//
// Steps (ids for --only): admin-login, order, board, mail, printer, media, load; and verify-after-restore (only when
// named), which checks that what a former run wrote to JOURNEY_STATE survived a backup and restore: the
// administrator's TOTP login, the order step's orders on the board API, every order of the state in the database, and
// the media step's image and customer upload: their rows and their files, served with the same bytes. Run it before
// any new order or media step (those write their own into the state). Each step prints `✔ <step> (<ms> ms)` with its
// findings below, or `✖ <step>: <why>` and the script exits 1. The steps are exported too (runJourney, step*).
//
// The gateway believes this host's X-Forwarded-For and X-Forwarded-Proto (TRUSTED_PROXIES): every request says
// https and names its client, as the operator's TLS proxy does; each customer gets an address, phone number and
// e-mail address of their own. The Secure cookies of a production gateway are kept in each client's own jar.
// The storefront's rules (open now, preorder slots, active menu, pricing, payment methods) come from @shop/domain,
// the same code the storefront runs: libs/domain must be built (npx nx run-many -t build).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { generate } from 'otplib';
import sharp from 'sharp';

/* ------------------------------------------------------------ settings */

/** The journey's settings from the environment (`need` names the ones the chosen steps cannot do without). */
export function settings(env = process.env) {
  const number = (name, fallback) => {
    const n = Number(env[name] ?? fallback);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
    return n;
  };
  return {
    baseUrl: (env.BASE_URL ?? '').replace(/\/+$/, ''),
    adminUsername: env.ADMIN_USERNAME ?? '',
    adminPassword: env.ADMIN_PASSWORD ?? '',
    mailApiUrl: (env.MAIL_API_URL ?? '').replace(/\/+$/, ''),
    killOrderCmd: env.KILL_ORDER_CMD ?? '',
    sqlCmd: env.SQL_CMD ?? '',
    statePath: env.JOURNEY_STATE ?? '',
    /** a branch by its identifier; default: the first demo branch that takes an order now */
    branch: env.JOURNEY_BRANCH ?? '',
    orders: number('JOURNEY_ORDERS', 100),
    concurrency: number('JOURNEY_CONCURRENCY', 10),
    killAfter: number('JOURNEY_KILL_AFTER', 20),
    mailWaitMs: number('JOURNEY_MAIL_WAIT_MS', 60_000),
  };
}

function need(s, ...names) {
  const env = {
    baseUrl: 'BASE_URL',
    adminUsername: 'ADMIN_USERNAME',
    adminPassword: 'ADMIN_PASSWORD',
    mailApiUrl: 'MAIL_API_URL',
    killOrderCmd: 'KILL_ORDER_CMD',
    sqlCmd: 'SQL_CMD',
    statePath: 'JOURNEY_STATE',
  };
  const missing = names.filter((n) => !s[n]).map((n) => env[n]);
  if (missing.length) throw new Error(`set ${missing.join(', ')}`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const REQUEST_TIMEOUT_MS = 30_000;

/* ------------------------------------------------------------ HTTP as a browser sends it */

/**
 * One browser (or device) talking to the gateway through the operator's TLS proxy: X-Forwarded-Proto https and
 * its own client address in X-Forwarded-For, and a cookie jar of its own that also keeps Secure cookies (this
 * script talks plain HTTP to the proxy's upstream port).
 */
export class Browser {
  constructor(baseUrl, clientAddress) {
    this.baseUrl = baseUrl;
    this.clientAddress = clientAddress;
    /** cookie name → value */
    this.jar = new Map();
  }

  /** Keeps what Set-Cookie says: a value, or its removal (Max-Age=0 or an Expires in the past). */
  keep(setCookies) {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const at = pair.indexOf('=');
      if (at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attrs.some((a) => {
        const [k, v = ''] = a.split('=').map((x) => x.trim());
        if (/^max-age$/i.test(k)) return Number(v) <= 0;
        if (/^expires$/i.test(k)) return Date.parse(v) <= Date.now();
        return false;
      });
      if (gone || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** An HTTP call; answers status, headers, the parsed JSON envelope (or null) and the raw bytes. */
  async request(method, path, { body, headers = {}, raw } = {}) {
    const h = {
      accept: 'application/json',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': this.clientAddress,
      ...headers,
    };
    if (this.jar.size) h.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload;
    if (raw !== undefined) payload = raw;
    else if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: h,
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    this.keep(res.headers.getSetCookie());
    const bytes = Buffer.from(await res.arrayBuffer());
    let json = null;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(bytes.toString('utf8'));
      } catch {
        json = null;
      }
    }
    return { status: res.status, headers: res.headers, json, bytes };
  }
}

/** What an answer said, for a failure message: status, code and message of the error envelope. */
function said(res) {
  const j = res.json ?? {};
  const errors = Array.isArray(j.errors) && j.errors.length ? ` ${JSON.stringify(j.errors)}` : '';
  const text = j.message || j.code ? ` ${[j.code, j.message].filter(Boolean).join(': ')}` : '';
  return `HTTP ${res.status}${text}${errors}`;
}

function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${said(res)}`);
  return res.json?.data;
}

/**
 * A staff member's browser as the back office uses it: the login answer's CSRF token in x-csrf-token on every
 * write, and on 403 CSRF_INVALID (the session's rights grew, a new login elsewhere) a fresh token from
 * /backend/csrf-token and the write once more.
 */
export class StaffBrowser extends Browser {
  csrf = null;
  /** how often a write was refused for its CSRF token and repeated with a fresh one */
  csrfRefreshes = 0;

  async call(method, path, body) {
    const write = method !== 'GET';
    const send = () =>
      this.request(method, path, { body, headers: write && this.csrf ? { 'x-csrf-token': this.csrf } : {} });
    let res = await send();
    if (write && res.status === 403 && res.json?.code === 'CSRF_INVALID') {
      this.csrf = expectStatus(await this.request('GET', '/backend/csrf-token'), 200, 'CSRF token').csrfToken;
      this.csrfRefreshes++;
      res = await send();
    }
    return res;
  }
  get(path) {
    return this.call('GET', path);
  }
  post(path, body) {
    return this.call('POST', path, body);
  }
  put(path, body) {
    return this.call('PUT', path, body);
  }
  delete(path) {
    return this.call('DELETE', path);
  }
}

/* ------------------------------------------------------------ state between runs */

function readState(path) {
  if (!path) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') return {};
    throw new Error(`JOURNEY_STATE ${path}: ${err.message}`, { cause: err });
  }
}

function saveState(ctx) {
  if (!ctx.s.statePath) return;
  writeFileSync(ctx.s.statePath, `${JSON.stringify({ ...ctx.state, savedAt: new Date().toISOString() }, null, 2)}\n`);
}

/** A fresh journey context: settings, the state file's contents, a run id that makes this run's data its own. */
export function createContext(s = settings()) {
  const run = randomBytes(4).toString('hex');
  const state = { ...readState(s.statePath), baseUrl: s.baseUrl };
  return { s, run, state, admin: null, shop: null, order: null, stepNotes: [] };
}

/* ------------------------------------------------------------ shell hooks */

/** Rows of SQL_CMD's answer to `sql` (stdin), tab-separated columns. */
export function sql(ctx, query) {
  need(ctx.s, 'sqlCmd');
  const res = spawnSync('sh', ['-c', ctx.s.sqlCmd], { input: query, encoding: 'utf8', timeout: 60_000 });
  if (res.status !== 0) throw new Error(`SQL_CMD failed (${res.status ?? res.signal}): ${res.stderr.trim()}`);
  return res.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('\t'));
}

function runShell(cmd) {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', cmd], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (code, signal) => resolve({ code, signal, out: out.trim() }));
  });
}

/* ------------------------------------------------------------ the storefront's rules */

let domainModule = null;
async function domain() {
  if (!domainModule) {
    try {
      domainModule = await import('@shop/domain');
    } catch (err) {
      throw new Error(
        `@shop/domain (the storefront's rules) is not built: run npx nx run-many -t build (${err.message})`,
        { cause: err },
      );
    }
  }
  return domainModule;
}

/** The `data` of each entry of GET /api/init (the storefront's start-up batch), by url. */
export async function storefrontData(browser) {
  const entries = expectStatus(await browser.request('GET', '/api/init'), 200, 'GET /api/init');
  return Object.fromEntries(entries.map((e) => [e.url, e.data]));
}

/**
 * When up to `count` of the candidate lines can be had at a branch, as the storefront's pickers decide: now (the
 * branch open, no appointment required), else the first appointment slot at which the whole cart is sold.
 */
function schedule(d, branch, now, candidates, count) {
  const timeZone = d.branchTimeZone(branch);
  const openNow = d.branchStatus(branch, now).opening.isOpen;
  if (openNow && !branch.isAppointmentRequired)
    return {
      appointment: null,
      lines: candidates.filter((l) => d.isLineOrderableAt(l, now, timeZone)).slice(0, count),
    };
  if (openNow || branch.isPreorderEnabled) {
    // the first slot at which the products can be had (the pickers offer only slots the whole cart is sold at)
    const slots = d.appointmentSlots(d.appointmentRules(branch, 'takeaway'), now, { timeZone });
    // two minutes ahead at least: the order service refuses an appointment in the past, and orders go out later
    const later = slots.filter((t) => t.getTime() > now.getTime() + 120_000);
    for (const slot of later.slice(0, 2000)) {
      const at = candidates.filter((l) => d.isLineOrderableAt(l, slot, timeZone)).slice(0, count);
      if (at.length && d.orderableSlots([slot], at, timeZone).length) return { appointment: slot, lines: at };
    }
  }
  return { appointment: null, lines: null };
}

/**
 * What a customer can put in the cart of one branch, as the storefront decides: takeaway, the branch open now or
 * taking preorders (then the first appointment slot the pickers would offer for the whole cart), simple products of
 * the branch's active menu orderable at that time, the branch's default payment method (cash: nothing online here).
 * Answers null when the branch takes no such order.
 */
export async function cartFor(d, data, branch, now) {
  if (!branch.isTakeawayEnabled) return null;
  const payments = d.availablePaymentMethods(data['/api/config'], branch);
  const paymentMethod = d.initialPaymentMethod(payments, branch);
  if (paymentMethod !== 'cash') return null;
  const menu = d.activeMenu(data['/api/menus'], branch.id, now);
  if (!menu) return null;
  const candidates = [];
  for (const entryCategory of menu.catalog.categories) {
    const category = data['/api/categories'].find((c) => c.id === entryCategory.id) ?? null;
    for (const entry of entryCategory.products) {
      const product = data['/api/products'].find((p) => p.id === entry.id);
      if (!product || product.type !== 'simple' || product.unit !== 'piece' || Number(product.minimumQuantity) > 1)
        continue;
      if (product.maximumQuantity !== null && product.maximumQuantity !== undefined && product.maximumQuantity < 2)
        continue;
      candidates.push({ product, entry, category });
    }
  }
  const { appointment, lines } = schedule(d, branch, now, candidates, 2);
  if (!lines?.length) return null;
  // the cart: one of the first product, two of the second; priced by the storefront's own rules
  const items = lines.map((l, i) => ({ product: l.product, amount: i + 1, unit: l.product.unit, parts: {} }));
  const pricing = d.calculatePricing({ items, deliveryMethod: 'takeaway' });
  return {
    branch,
    appointment,
    paymentMethod,
    items: items.map((i) => ({ product: i.product.id, amount: i.amount, unit: i.unit, name: i.product.name })),
    totalGross: pricing.totalGross,
  };
}

/**
 * The parts of a configured product as a customer fills them when its configuration asks for a photo (an image step,
 * as the demo's "Motivtorte" does): the photo in the upload steps, the first option of each required choice, the run
 * in the texts. Null when the product asks for no photo or would still not be complete.
 */
function photoParts(d, product, photo, run) {
  const steps = Object.entries(product.config?.parts ?? {});
  if (!steps.some(([, step]) => step.type === 'image' || step.type === 'images')) return null;
  const parts = {};
  for (const [key, step] of steps) {
    if (d.isUploadStep(step.type)) parts[key] = [photo];
    else if (step.type === 'text' || step.type === 'textarea')
      parts[key] = `Journey ${run}`.slice(0, step.maxLength ?? 40);
    else if (step.optional) continue;
    else if (step.type === 'select') parts[key] = step.options[0];
    else if (step.type === 'multiselect') parts[key] = step.options.slice(0, 1);
  }
  return d.invalidSteps(product, parts).length ? null : parts;
}

/**
 * A cart of one product that asks for a photo, with the customer's upload in it (UploadStep.tsx keeps the upload and
 * the chosen file's name): at the first branch (JOURNEY_BRANCH first) that sells one for takeaway, paid in cash, now
 * or at the first slot, as cartFor decides. Null when no branch does.
 */
async function photoCart(ctx, photo) {
  const d = await domain();
  const data = await storefrontData(new Browser(ctx.s.baseUrl, '192.0.2.21'));
  const now = new Date();
  const branches = data['/api/branches']
    .filter((b) => b.isPublic && b.isEnabled && b.isTakeawayEnabled)
    .sort((a, b) => (b.identifier === ctx.s.branch) - (a.identifier === ctx.s.branch));
  for (const branch of branches) {
    const paymentMethod = d.initialPaymentMethod(d.availablePaymentMethods(data['/api/config'], branch), branch);
    const menu = d.activeMenu(data['/api/menus'], branch.id, now);
    if (paymentMethod !== 'cash' || !menu) continue;
    const candidates = [];
    for (const entryCategory of menu.catalog.categories) {
      const category = data['/api/categories'].find((c) => c.id === entryCategory.id) ?? null;
      for (const entry of entryCategory.products) {
        const product = data['/api/products'].find((p) => p.id === entry.id);
        if (product?.type !== 'configurable' || Number(product.minimumQuantity) > 1) continue;
        const parts = photoParts(d, product, photo, ctx.run);
        if (parts) candidates.push({ product, entry, category, parts });
      }
    }
    const { appointment, lines } = schedule(d, branch, now, candidates, 1);
    if (!lines?.length) continue;
    const [{ product, parts }] = lines;
    const pricing = d.calculatePricing({
      items: [{ product, amount: 1, unit: product.unit, parts }],
      deliveryMethod: 'takeaway',
    });
    return {
      branch,
      appointment,
      paymentMethod,
      steps: product.config.parts,
      items: [{ product: product.id, amount: 1, unit: product.unit, name: product.name, parts }],
      totalGross: pricing.totalGross,
    };
  }
  return null;
}

/** The demo shop as a customer sees it, and a cart for the branch JOURNEY_BRANCH or the first that takes one. */
async function shop(ctx) {
  if (ctx.shop) return ctx.shop;
  const d = await domain();
  const data = await storefrontData(new Browser(ctx.s.baseUrl, '192.0.2.20'));
  const now = new Date();
  const branches = data['/api/branches'].filter((b) => b.isPublic && b.isEnabled);
  if (!branches.length) throw new Error('the storefront shows no branch (is the demo shop seeded?)');
  const chosen = ctx.s.branch ? branches.filter((b) => b.identifier === ctx.s.branch) : branches;
  if (!chosen.length) throw new Error(`no public branch ${ctx.s.branch}`);
  for (const branch of chosen) {
    const cart = await cartFor(d, data, branch, now);
    if (cart) return (ctx.shop = { ...cart, config: data['/api/config'] });
  }
  throw new Error(
    `none of the branches ${chosen.map((b) => b.identifier).join(', ')} takes a takeaway order in cash now or as a preorder`,
  );
}

/** The order body the checkout sends (web/storefront use-checkout-form.ts orderPayload) for this cart and customer. */
function orderBody(cart, customer) {
  return {
    branch: cart.branch.id,
    isDelivery: false,
    isDineIn: false,
    items: cart.items.map(({ product, amount, unit, parts }) => ({ product, amount, unit, parts: parts ?? {} })),
    isCompany: false,
    companyName: null,
    company: null,
    vatNumber: null,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    street: 'Annenstraße 12',
    floor: null,
    stairway: null,
    door: null,
    zipCode: '8020',
    city: 'Graz',
    country: 'AT',
    isDeliveryAddressDifferent: false,
    isDeliveryCompany: false,
    deliveryCompanyName: null,
    deliveryFirstName: null,
    deliveryLastName: null,
    deliveryStreet: null,
    deliveryFloor: null,
    deliveryStairway: null,
    deliveryDoor: null,
    deliveryZipCode: null,
    deliveryCity: null,
    deliveryCountry: null,
    deliveryArea: null,
    comment: customer.comment,
    appointmentDate: cart.appointment ? cart.appointment.toISOString() : null,
    paymentMethod: cart.paymentMethod,
    legalInstructions: true,
    privacyPolicy: true,
    table: null,
    donatee: null,
  };
}

/** A customer of this run: own e-mail address and mobile number (so no other customer's limits count). */
function customer(ctx, tag) {
  const digits = BigInt(`0x${randomBytes(4).toString('hex')}`) % 10_000_000n;
  return {
    tag,
    firstName: 'Johanna',
    lastName: `Reise-${tag}`,
    email: `journey-${ctx.run}-${tag}@example.at`,
    comment: `Journey ${ctx.run} ${tag}`,
    phone: `+43 660 ${String(digits).padStart(7, '0')}`,
  };
}

/** The storefront's proof-of-work (web/storefront altcha.ts): fetch a signed challenge, solve it, the X-Altcha value. */
async function solveOrderChallenge(browser) {
  const challenge = expectStatus(
    await browser.request('GET', '/api/orders/challenge'),
    200,
    'GET /api/orders/challenge',
  );
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('the proof-of-work challenge has no solution within its maxnumber');
  const header = Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64');
  return { header, number: solution.number };
}

/* ------------------------------------------------------------ the administrator */

const TOTP_STEP_MS = 30_000;

/**
 * The authenticator app's current code. The identity service takes each 30-second code once and none older than
 * the last one taken, so a code of a step already used waits for the next step, as a person would.
 */
async function totpCode(ctx) {
  const admin = ctx.state.admin;
  const started = Date.now();
  while (Math.floor(Date.now() / TOTP_STEP_MS) <= (admin.lastTotpStep ?? -1)) {
    await sleep(TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS) + 200);
  }
  ctx.totpWaitedMs = (ctx.totpWaitedMs ?? 0) + (Date.now() - started);
  admin.lastTotpStep = Math.floor(Date.now() / TOTP_STEP_MS);
  saveState(ctx);
  return generate({ secret: admin.totpSecret });
}

async function postLogin(browser, body) {
  const res = await browser.request('POST', '/backend/login', { body });
  if (res.status === 200) browser.csrf = res.json.data.csrfToken;
  return res;
}

/**
 * The administrator logs in as the back office does. With the TOTP secret of an earlier run: password and code.
 * Without: password only, and when the answer says enrolment is required (production), he enrols: setup → the
 * secret into the "authenticator app" → enable with its first code → the session's rights grow (new session id
 * and CSRF secret; the old token is refused once and a fresh one fetched). Answers the staff browser and notes.
 */
export async function loginAdmin(ctx) {
  const { s } = ctx;
  need(s, 'baseUrl', 'adminUsername', 'adminPassword');
  const notes = [];
  const browser = new StaffBrowser(s.baseUrl, '192.0.2.10');
  const credentials = { username: s.adminUsername, password: s.adminPassword };
  if (ctx.state.admin?.username !== s.adminUsername) ctx.state.admin = { username: s.adminUsername };
  let res;
  let withCode = false;
  if (ctx.state.admin.totpSecret) {
    res = await postLogin(browser, { ...credentials, code: await totpCode(ctx) });
    withCode = res.status === 200;
  }
  if (!withCode) {
    res = await postLogin(browser, credentials);
    if (res.status === 401)
      throw new Error(
        `login refused (${said(res)}): wrong password, or the administrator enrolled in two-factor login in a run whose JOURNEY_STATE is not given`,
      );
    expectStatus(res, 200, 'POST /backend/login');
  }
  if (res.json.data.mfaSetupRequired) {
    notes.push(
      `login answered mfaSetupRequired: true (two-factor enrolment is required${withCode ? '; the code of an earlier enrolment was not asked for: the administrator is not enrolled on this stack' : ''})`,
    );
    const refused = await browser.get('/api/users');
    if (refused.status !== 403 || refused.json?.code !== 'MFA_SETUP_REQUIRED')
      throw new Error(`before enrolling, GET /api/users should be 403 MFA_SETUP_REQUIRED, got ${said(refused)}`);
    const setup = expectStatus(await browser.post('/api/users/me/mfa/setup'), 200, 'MFA setup');
    if (!setup.secret || !String(setup.otpauthUrl).startsWith('otpauth://totp/'))
      throw new Error(`MFA setup answered no TOTP secret: ${JSON.stringify(setup)}`);
    ctx.state.admin.totpSecret = setup.secret;
    delete ctx.state.admin.lastTotpStep;
    const enabled = expectStatus(
      await browser.post('/api/users/me/mfa/enable', { code: await totpCode(ctx) }),
      200,
      'MFA enable',
    );
    if (!Array.isArray(enabled.recoveryCodes) || enabled.recoveryCodes.length === 0)
      throw new Error('MFA enable answered no recovery codes');
    ctx.state.admin.recoveryCodesLeft = enabled.recoveryCodes.length;
    saveState(ctx);
    notes.push(`enrolled TOTP (${setup.otpauthUrl.split('?')[0]}), ${enabled.recoveryCodes.length} recovery codes`);
    // the session's rights grew: everything is open now, and the enrol-only session's CSRF token is void; the
    // next write is refused for it once and repeated with a fresh token (the back office's way). A write that
    // changes nothing: a new enrolment, refused now that two-factor login is on
    expectStatus(await browser.get('/api/users'), 200, 'GET /api/users after enrolling');
    const again = await browser.post('/api/users/me/mfa/setup');
    if (again.status !== 409 || browser.csrfRefreshes !== 1)
      throw new Error(
        `a write after enrolling: expected 409 after one CSRF token refresh, got ${said(again)} after ${browser.csrfRefreshes}`,
      );
    notes.push('full session: the old CSRF token refused once (403 CSRF_INVALID), a fresh one fetched and accepted');
  } else if (withCode) {
    notes.push('logged in with password and TOTP code (the secret of an earlier run, from JOURNEY_STATE)');
  } else {
    const mfa = expectStatus(await browser.get('/api/users/me/mfa'), 200, 'GET /api/users/me/mfa');
    if (mfa.enabled) throw new Error('an enrolled administrator was let in without a code');
    notes.push('two-factor login is not required on this stack (not production): logged in with the password only');
  }
  // a staff-only list: the full session, not one that may only enrol
  expectStatus(await browser.get('/api/users'), 200, 'GET /api/users');
  if (ctx.totpWaitedMs > 1000)
    notes.push(`waited ${Math.round(ctx.totpWaitedMs / 1000)} s for the next TOTP code (each code is taken once)`);
  ctx.totpWaitedMs = 0;
  const me = expectStatus(await browser.get('/api/users/me'), 200, 'GET /api/users/me');
  if (!me.roles?.includes('ROLE_ADMIN')) throw new Error(`${me.username} is no administrator: ${me.roles}`);
  ctx.admin = browser;
  return { browser, notes };
}

/** The administrator's session, logging him in first when this run has none (his notes join the step's). */
async function admin(ctx) {
  if (!ctx.admin) {
    const { notes } = await loginAdmin(ctx);
    ctx.stepNotes.push(...notes.map((n) => `administrator: ${n}`));
  }
  return ctx.admin;
}

/* ------------------------------------------------------------ steps */

/** 1. The administrator logs in (enrolling TOTP when required) and lists the branches. */
export async function stepAdminLogin(ctx) {
  const { notes } = await loginAdmin(ctx);
  const res = await ctx.admin.get('/api/branches?perPage=200');
  const branches = expectStatus(res, 200, 'GET /api/branches');
  if (!Array.isArray(branches) || branches.length === 0) throw new Error('the branch list is empty');
  return [...notes, `sees ${branches.length} branches: ${branches.map((b) => b.name).join(', ')}`];
}

const newIdempotencyKey = () => randomUUID();

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

function ensureOrder(ctx) {
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

/** A Star CloudPRNT printer (tests/support/printers.ts): poll, GET the job in a media type, DELETE to confirm. */
class CloudPrntPrinter {
  constructor(browser, identifier, apiKey) {
    this.browser = browser;
    this.auth = `Basic ${Buffer.from(`${identifier}:${apiKey}`).toString('base64')}`;
    this.mac = '00:11:62:4a:4f:55';
  }
  async poll() {
    const res = await this.browser.request('POST', '/api/printers/cloudprnt', {
      headers: { authorization: this.auth, 'content-type': 'application/json' },
      raw: JSON.stringify({
        status: '23 6 0 0 0 0 0 0 0 ',
        printerMAC: this.mac,
        statusCode: '200%20OK',
        printingInProgress: false,
      }),
    });
    if (res.status !== 200) throw new Error(`CloudPRNT poll: ${said(res)}`);
    return res.json;
  }
  async job(token, type) {
    const q = new URLSearchParams({ uid: this.mac, type, mac: this.mac, token });
    return this.browser.request('GET', `/api/printers/cloudprnt?${q}`, { headers: { authorization: this.auth } });
  }
  async confirm(token, code) {
    const q = new URLSearchParams({ code, mac: this.mac, token });
    return this.browser.request('DELETE', `/api/printers/cloudprnt?${q}`, { headers: { authorization: this.auth } });
  }
}

/**
 * 5. The administrator registers a CloudPRNT printer for the order's branch (as the back office's device form
 * does), confirms the order on the board (or, where the branch prints at creation, prints it with the board's
 * print button), and the printer, polling, fetches the receipt, prints it and confirms; staff then see 'printed'.
 * The printer is removed again at the end (a printer that never polls again would stay "offline").
 */
export async function stepPrinter(ctx) {
  const order = ensureOrder(ctx);
  const browser = await admin(ctx);
  const branch = expectStatus(await browser.get(`/api/branches/${order.branch}`), 200, 'GET /api/branches/:id');
  const identifier = `journey-${ctx.run}`;
  const device = expectStatus(
    await browser.post('/api/devices', {
      identifier,
      name: `Journey-Drucker ${ctx.run}`,
      type: 'printer',
      protocol: 'cloudprnt',
      printFormat: 'star',
      pollIntervalSeconds: 2,
      branch: order.branch,
    }),
    201,
    'POST /api/devices',
  );
  if (!device.apiKey) throw new Error('the new device has no API key in the answer');
  const notes = [`printer ${identifier} (device ${device.id}) registered for ${branch.name}`];
  try {
    const printer = new CloudPrntPrinter(new Browser(ctx.s.baseUrl, '192.0.2.30'), identifier, device.apiKey);
    const first = await printer.poll();
    if (first.jobReady) throw new Error('a brand-new printer had a job before anything was printed');
    if (branch.printOn === 'confirmed' && !order.confirmedByJourney) {
      const confirmed = expectStatus(
        await browser.post(`/api/orders/${order.id}/status/confirm`),
        200,
        'confirming the order',
      );
      order.confirmedByJourney = true;
      notes.push(
        `order ${order.id} confirmed on the board (status ${confirmed.status}; the branch prints on confirmation)`,
      );
    } else {
      expectStatus(await browser.post(`/api/orders/${order.id}/print`), 202, 'the board print button');
      notes.push(
        `order ${order.id} sent to the printers with the board's print button (the branch prints on ${branch.printOn})`,
      );
    }
    const queuedAt = Date.now();
    let poll;
    for (poll = await printer.poll(); !poll.jobReady; poll = await printer.poll()) {
      if (Date.now() - queuedAt > 30_000) throw new Error('no job for the printer within 30 s');
      await sleep(500);
    }
    const type = 'application/vnd.star.line';
    if (!poll.mediaTypes?.includes(type)) throw new Error(`the job offers ${poll.mediaTypes}, not ${type}`);
    const job = await printer.job(poll.jobToken, type);
    const fetchedMs = Date.now() - queuedAt;
    if (job.status !== 200) throw new Error(`job GET: ${said(job)}`);
    if (job.headers.get('content-type') !== type)
      throw new Error(`job GET answered ${job.headers.get('content-type')}`);
    if (job.bytes.length === 0) throw new Error('the receipt is empty');
    // the order's number as the shop shows it (libs/i18n-de orderMessages.ticket / orderNumber), and the
    // customer's comment, which names this run
    const text = job.bytes.toString('latin1');
    const label = new RegExp(`(Ticket|Bestellnummer) ${order.ticketNumber}(?!\\d)`);
    if (!label.test(text))
      throw new Error(`the receipt (${job.bytes.length} bytes) does not name ticket ${order.ticketNumber}`);
    if (order.comment && !text.includes(order.comment))
      throw new Error(`the receipt does not show the customer's comment "${order.comment}"`);
    const confirmed = await printer.confirm(poll.jobToken, '200 OK');
    if (confirmed.status !== 200) throw new Error(`job DELETE (printed): ${said(confirmed)}`);
    let receipt;
    for (const until = Date.now() + 10_000; Date.now() < until; await sleep(300)) {
      receipt = expectStatus(await browser.get(`/api/orders/${order.id}`), 200, 'GET /api/orders/:id').receipt;
      if (receipt === 'printed') break;
    }
    if (receipt !== 'printed') throw new Error(`staff see the receipt as ${receipt}, not printed`);
    const after = await printer.poll();
    if (after.jobReady) throw new Error('the printed job is still offered');
    notes.push(
      `job fetched ${fetchedMs} ms after the order went to the printers: ${job.bytes.length} bytes of ${type} with "${text.match(label)[0]}" and the customer's comment; confirmed 200 OK, staff see "printed"`,
    );
  } finally {
    const removed = await browser.delete(`/api/devices/${device.id}`);
    if (removed.status >= 300) notes.push(`(the printer could not be removed: ${said(removed)})`);
  }
  saveState(ctx);
  return notes;
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const dataUrl = (type, bytes) => `data:${type};base64,${bytes.toString('base64')}`;

/** A picture with some detail (a flat colour compresses to nothing), its colours and shapes this run's own. */
function picture(run, width, height) {
  const n = (i) => parseInt(run.slice(i, i + 2), 16);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="rgb(${n(0)},${n(2)},${n(4)})"/>` +
    `<circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="rgb(${255 - n(0)},${255 - n(2)},${255 - n(4)})"/>` +
    `<rect x="${(n(6) * width) / 512}" y="${height / 8}" width="${width / 4}" height="${height / 4}" fill="#008FC3"/></svg>`;
  return sharp(Buffer.from(svg));
}

/** A file the gateway serves: 200 in the given content type, else an error naming the URL. */
async function getFile(browser, url, type) {
  const res = await browser.request('GET', url, { headers: { accept: `${type},*/*;q=0.8` } });
  if (res.status !== 200) throw new Error(`GET ${url}: ${said(res)}`);
  const got = res.headers.get('content-type') ?? '';
  if (!got.startsWith(type)) throw new Error(`GET ${url} answered ${got || 'no content type'}, not ${type}`);
  return res;
}

/**
 * 6. Media. The administrator adds an image to the media library as the back office does (ImagesPage.tsx: POST
 * /api/images, the file as a data-URL); anyone gets it at /image/{id}-{version}.{extension}, the same bytes, and its
 * size variants at their widths. A customer uploads a photo as the storefront's image step does (UploadStep.tsx:
 * POST /api/uploads, anonymous), sees its preview, and orders the product that asked for it; staff open the photo
 * from the order line (OrderLineParts.tsx) and the upload list (UploadsPage.tsx) and get the bytes sent. What
 * verify-after-restore needs to find both again (ids, URLs, sha256) goes into JOURNEY_STATE.
 */
export async function stepMedia(ctx) {
  need(ctx.s, 'baseUrl');
  const d = await domain();
  const browser = await admin(ctx);
  const visitor = new Browser(ctx.s.baseUrl, '192.0.2.40');
  const notes = [];

  // the image: a chosen file's bytes as a data-URL, its file name as the image's name
  const png = await picture(ctx.run, 800, 400).png().toBuffer();
  const name = `journey-${ctx.run}.png`;
  let started = Date.now();
  const image = expectStatus(
    await browser.post('/api/images', { data: dataUrl('image/png', png), name }),
    201,
    'POST /api/images',
  );
  const imageMs = Date.now() - started;
  const sent = { name, mimeType: 'image/png', extension: 'png', width: 800, height: 400, size: png.length };
  const differs = Object.keys(sent).filter((k) => image[k] !== sent[k]);
  if (differs.length)
    throw new Error(
      `image ${image.id} was stored as ${differs.map((k) => `${k} ${image[k]}`).join(', ')}; sent ${differs.map((k) => `${k} ${sent[k]}`).join(', ')}`,
    );
  const url = d.imageUrl(image);
  const original = await getFile(visitor, url, 'image/png');
  if (!original.bytes.equals(png))
    throw new Error(`${url} serves ${original.bytes.length} other bytes than the ${png.length} uploaded`);
  const variants = {};
  for (const [size, width] of Object.entries(d.IMAGE_WIDTHS).filter(([, w]) => w < sent.width)) {
    const variantUrl = d.imageUrl(image, size);
    const variant = await getFile(visitor, variantUrl, 'image/png');
    const meta = await sharp(variant.bytes).metadata();
    const height = Math.round((width * sent.height) / sent.width);
    if (meta.format !== 'png' || meta.width !== width || meta.height !== height)
      throw new Error(
        `${variantUrl} is a ${meta.format} of ${meta.width}×${meta.height}, not a PNG of ${width}×${height}`,
      );
    variants[size] = { url: variantUrl, width, sha256: sha256(variant.bytes) };
  }
  ctx.state.media = {
    run: ctx.run,
    image: { id: image.id, version: image.version, name, size: png.length, url, sha256: sha256(png), variants },
  };
  saveState(ctx);
  notes.push(
    `image ${image.id} "${name}" (PNG 800×400, ${png.length} bytes) added in ${imageMs} ms; ${url} served to a visitor: 200 image/png, the bytes sent (sha256 ${sha256(png).slice(0, 12)}…), cache-control "${original.headers.get('cache-control')}"`,
    `size variants ${Object.entries(variants)
      .map(([size, v]) => `${size} ${v.width} px`)
      .join(', ')}: PNGs at their widths`,
  );

  // the customer's photo, as the image step sends the chosen file; the step then shows its preview
  const customerBrowser = new Browser(ctx.s.baseUrl, `203.0.113.${1 + (parseInt(ctx.run.slice(2, 4), 16) % 250)}`);
  const jpeg = await picture(ctx.run, 1200, 800).jpeg({ quality: 85 }).toBuffer();
  const filename = `torte-${ctx.run}.jpg`;
  started = Date.now();
  const upload = expectStatus(
    await customerBrowser.request('POST', '/api/uploads', { body: { data: dataUrl('image/jpeg', jpeg), filename } }),
    201,
    'POST /api/uploads',
  );
  const uploadMs = Date.now() - started;
  if (upload.mimeType !== 'image/jpeg' || upload.extension !== 'jpg')
    throw new Error(`the upload was stored as ${upload.mimeType} .${upload.extension}, not image/jpeg .jpg`);
  const uploadUrl = d.uploadUrl(upload);
  const previewUrl = d.uploadUrl(upload, true);
  const preview = await getFile(customerBrowser, previewUrl, 'image/jpeg');
  const previewMeta = await sharp(preview.bytes).metadata();
  if (previewMeta.width !== 640) throw new Error(`the preview ${previewUrl} is ${previewMeta.width} px wide, not 640`);
  notes.push(
    `a customer uploaded "${filename}" (JPEG 1200×800, ${jpeg.length} bytes) in ${uploadMs} ms: upload ${upload.id}; the storefront's preview ${previewUrl}: 200 image/jpeg, ${previewMeta.width}×${previewMeta.height}`,
  );

  // the order of the product that asked for the photo; staff open the photo from its line
  const cart = await photoCart(ctx, { ...upload, filename });
  let order = null;
  if (cart) {
    const who = customer(ctx, 'foto');
    const body = orderBody(cart, who);
    const key = newIdempotencyKey();
    let res = await customerBrowser.request('POST', '/api/orders', { body, headers: { 'idempotency-key': key } });
    let challenge = '';
    if (res.status === 429 && res.json?.code === 'CHALLENGE_REQUIRED') {
      const solution = await solveOrderChallenge(customerBrowser);
      res = await customerBrowser.request('POST', '/api/orders', {
        body,
        headers: { 'idempotency-key': key, 'x-altcha': solution.header },
      });
      challenge = ' (after the proof-of-work it asked for)';
    }
    order = expectStatus(res, 201, 'the order with the photo');
    const staffOrder = expectStatus(await browser.get(`/api/orders/${order.id}`), 200, `GET /api/orders/${order.id}`);
    const line = staffOrder.items.find((i) => i.product === cart.items[0].product);
    const shown = d
      .orderLineParts(line?.parts ?? {}, cart.steps)
      .flatMap((p) => p.values.map((v) => ({ ...v, label: p.label })))
      .find((v) => v.kind === 'upload');
    if (!shown?.url)
      throw new Error(`staff see no photo on order ${order.id}'s line: parts ${JSON.stringify(line?.parts ?? null)}`);
    if (shown.url !== uploadUrl || shown.thumbnailUrl !== previewUrl)
      throw new Error(`order ${order.id}'s line links ${shown.url} (${shown.thumbnailUrl}), not upload ${uploadUrl}`);
    const fromLine = await getFile(browser, shown.url, 'image/jpeg');
    if (!fromLine.bytes.equals(jpeg)) throw new Error(`${shown.url}, opened from the order line, serves other bytes`);
    const price = Number(staffOrder.pricing?.totalGross);
    if (!(Math.abs(price - cart.totalGross) < 0.005))
      throw new Error(
        `the server priced the order with the photo at ${price}, the storefront's cart at ${cart.totalGross}`,
      );
    notes.push(
      `order ${order.id} (ticket ${order.ticketNumber})${challenge} of ${cart.items[0].name} at ${cart.branch.name}, ${cart.appointment ? `preorder for ${cart.appointment.toISOString()}` : 'now'}, ${cart.totalGross.toFixed(2)}; staff see "${shown.label}: ${shown.name}" on its line and open ${shown.url}: the bytes sent`,
    );
  } else {
    notes.push('no branch sells a product that asks for a photo now: the upload is in no order');
  }

  // the back office's upload list (newest first) has it, with a link to the same bytes
  const list = expectStatus(await browser.get('/api/uploads?page=1&perPage=50'), 200, 'GET /api/uploads');
  const listed = list.find((u) => u.id === upload.id);
  if (!listed) throw new Error(`upload ${upload.id} is not on the first page of the back office's upload list`);
  if (listed.url !== uploadUrl || listed.previewUrl !== previewUrl || listed.originalName !== filename)
    throw new Error(`the upload list shows ${JSON.stringify(listed)}; expected ${uploadUrl}, "${filename}"`);
  if (listed.size !== jpeg.length)
    throw new Error(`the upload list says ${listed.size} bytes; ${jpeg.length} were sent`);
  const fetched = await getFile(browser, listed.url, 'image/jpeg');
  if (!fetched.bytes.equals(jpeg)) throw new Error(`${listed.url} serves other bytes than the customer sent`);
  ctx.state.media.upload = {
    id: upload.id,
    version: upload.version,
    filename,
    size: jpeg.length,
    url: uploadUrl,
    sha256: sha256(jpeg),
    previewUrl,
    previewSha256: sha256(preview.bytes),
  };
  ctx.state.media.order = order && {
    id: order.id,
    uid: order.uid,
    ticketNumber: order.ticketNumber,
    product: cart.items[0].product,
  };
  saveState(ctx);
  notes.push(
    `the back office's upload list shows "${filename}", ${listed.size} bytes; its link ${listed.url} serves the bytes sent (sha256 ${sha256(jpeg).slice(0, 12)}…)`,
  );
  return notes;
}

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

/** Whether a file of the state is served again with the same bytes: null when so, else what is wrong. */
async function servedAgain(browser, url, sha, what) {
  const res = await browser.request('GET', url, { headers: { accept: '*/*' } });
  if (res.status === 404) return `${what}: the file is gone (GET ${url}: 404)`;
  if (res.status !== 200) return `${what}: GET ${url} answered ${said(res)}`;
  const got = sha256(res.bytes);
  if (got !== sha)
    return `${what}: ${url} serves other bytes (sha256 ${got.slice(0, 12)}…, before ${sha.slice(0, 12)}…)`;
  return null;
}

/** The row of a file of the state through the back office's API: null when there, else what is wrong. */
async function rowAgain(browser, path, what) {
  const res = await browser.get(path);
  if (res.status === 404) return { problem: `${what}: its database row is gone (GET ${path}: 404)` };
  if (res.status !== 200) return { problem: `${what}: GET ${path} answered ${said(res)}` };
  return { row: res.json.data };
}

/** The media step's image and upload after a restore: rows (back office API) and files (served bytes) apart. */
async function verifyMedia(ctx, browser, media) {
  const d = await domain();
  const visitor = new Browser(ctx.s.baseUrl, '192.0.2.41');
  const problems = [];
  const notes = [];
  const { image, upload, order } = media;
  if (image) {
    const what = `image ${image.id} "${image.name}"`;
    const before = problems.length;
    const { row, problem } = await rowAgain(browser, `/api/images/${image.id}`, what);
    if (problem) problems.push(problem);
    else if (row.version !== image.version || row.size !== image.size)
      problems.push(
        `${what}: its row says version ${row.version}, ${row.size} bytes; before the backup version ${image.version}, ${image.size} bytes`,
      );
    const file = await servedAgain(visitor, image.url, image.sha256, `${what} (row ${problem ? 'gone' : 'there'})`);
    if (file) problems.push(file);
    const variants = Object.entries(image.variants ?? {});
    const gone = [];
    for (const [size, v] of variants) {
      const res = await visitor.request('GET', v.url, { headers: { accept: '*/*' } });
      const got = res.status === 200 ? sha256(res.bytes) : null;
      // a size without its variant file is served from the original
      if (got === image.sha256 && v.sha256 !== image.sha256)
        problems.push(`${what}: its ${size} variant file is gone (${v.url} serves the original in its place)`);
      else if (res.status === 404) gone.push(size);
      else if (got !== v.sha256)
        problems.push(`${what}: its ${size} variant ${v.url} answered ${got ? 'other bytes' : said(res)}`);
    }
    if (gone.length)
      problems.push(
        `${what}: its size variants ${gone.join(', ')} are gone too (GET ${image.variants[gone[0]].url} and the like: 404)`,
      );
    if (problems.length === before)
      notes.push(
        `${what}: its row is there and ${image.url} serves the bytes of before (sha256 ${image.sha256.slice(0, 12)}…), its ${variants.length} size variants too`,
      );
  }
  if (upload) {
    const what = `upload ${upload.id} "${upload.filename}"`;
    const { row, problem } = await rowAgain(browser, `/api/uploads/${upload.id}`, what);
    if (problem) problems.push(problem);
    else if (row.url !== upload.url || row.size !== upload.size)
      problems.push(
        `${what}: its row says ${row.url}, ${row.size} bytes; before the backup ${upload.url}, ${upload.size} bytes`,
      );
    const where = `(row ${problem ? 'gone' : 'there'})`;
    const file = await servedAgain(browser, upload.url, upload.sha256, `${what} ${where}`);
    if (file) problems.push(file);
    const preview = await servedAgain(browser, upload.previewUrl, upload.previewSha256, `${what}'s preview ${where}`);
    if (preview) problems.push(preview);
    if (!problem && !file && !preview)
      notes.push(
        `${what}: its row is there and ${upload.url} serves the bytes the customer sent (sha256 ${upload.sha256.slice(0, 12)}…), its preview too`,
      );
  }
  if (order) {
    const res = await browser.get(`/api/orders/${order.id}`);
    if (res.status === 404)
      problems.push(`order ${order.id} (ticket ${order.ticketNumber}) with the photo: its database row is gone`);
    else if (res.status !== 200) problems.push(`order ${order.id} with the photo: ${said(res)}`);
    else {
      const line = res.json.data.items.find((i) => i.product === order.product);
      const urls = d
        .orderLineParts(line?.parts ?? {})
        .flatMap((p) => p.values)
        .map((v) => v.url);
      if (upload && !urls.includes(upload.url))
        problems.push(`order ${order.id}'s line no longer links upload ${upload.id} (${upload.url})`);
      else notes.push(`order ${order.id} (ticket ${order.ticketNumber}) still links the photo on its line`);
    }
  }
  return { notes, problems };
}

/** The order step's orders on the board API, every order of the run (step 2 and the load) in the database. */
async function verifyOrders(ctx, browser) {
  const { state } = ctx;
  const notes = [];
  const orders = state.orders ?? [state.order];
  for (const o of orders) {
    const got = expectStatus(await browser.get(`/api/orders/${o.id}`), 200, `GET /api/orders/${o.id}`);
    if (got.uid !== o.uid || got.ticketNumber !== o.ticketNumber)
      throw new Error(`order ${o.id} came back as ${got.uid} / ticket ${got.ticketNumber}`);
  }
  const board = expectStatus(
    await browser.get(`/api/orders/current?branch=${state.order.branch}`),
    200,
    'GET /api/orders/current',
  );
  if (!board.some((o) => o.id === state.order.id)) throw new Error(`order ${state.order.id} is not on the board`);
  notes.push(
    `the ${orders.length} orders of the order step (run ${state.order.run}) are on the board API; order ${state.order.id}, ticket ${state.order.ticketNumber}, on the current board`,
  );
  const ids = [...orders.map((o) => o.id), ...(state.load?.ids ?? [])];
  const found = sql(ctx, `SELECT id FROM "order"."order" WHERE id = ANY('{${ids.join(',')}}'::int[]);`).map((r) =>
    Number(r[0]),
  );
  const missing = ids.filter((id) => !found.includes(id));
  if (missing.length)
    throw new Error(
      `${missing.length} of the run's ${ids.length} orders are not in the database: ${missing.slice(0, 10)}`,
    );
  const load = state.load ? ` and the ${state.load.ids.length} of the load step (run ${state.load.run})` : '';
  notes.push(`all ${ids.length} orders are in the database: the ${orders.length} of the order step${load}`);
  return notes;
}

/**
 * After a backup and restore: what a former run wrote to JOURNEY_STATE is still there. The administrator logs in
 * with his TOTP secret (his enrolment survived), the step-2 orders are on the board API, every order of the run
 * (step 2 and the load) is in the database, and the media step's image and upload have their rows and are served
 * with the bytes of before (an image's size variants too), the order with the photo still linking it. Every
 * problem found is named, the database row apart from the file.
 */
export async function stepVerifyAfterRestore(ctx) {
  need(ctx.s, 'statePath');
  const { state } = ctx;
  if (!state.order && !state.media)
    throw new Error(`${ctx.s.statePath} holds neither orders nor media of a former run`);
  const notes = [];
  if (state.admin?.totpSecret) {
    const before = state.admin.totpSecret;
    ctx.admin = null;
    const { notes: login } = await loginAdmin(ctx);
    if (state.admin.totpSecret !== before)
      throw new Error('the administrator had to enrol anew: his TOTP enrolment is gone');
    notes.push(...login);
  } else {
    await loginAdmin(ctx);
    notes.push('no TOTP secret in the state (two-factor login was not required): logged in with the password');
  }
  const browser = ctx.admin;
  const problems = [];
  if (state.order) {
    try {
      notes.push(...(await verifyOrders(ctx, browser)));
    } catch (err) {
      problems.push(err.message);
    }
  } else notes.push('no orders in the state: the order step did not run before the backup');
  if (state.media) {
    const media = await verifyMedia(ctx, browser, state.media);
    notes.push(...media.notes);
    problems.push(...media.problems);
  } else notes.push('no media in the state: the media step did not run before the backup');
  if (problems.length) throw new Error(problems.join('; '));
  return notes;
}

export const STEPS = [
  ['admin-login', 'the administrator logs in (TOTP enrolment when required) and sees the branches', stepAdminLogin],
  ['order', 'a customer orders from the catalogue: free orders, then one with a solved proof-of-work', stepOrder],
  ['board', "the order is on the administrator's order board", stepBoard],
  ['mail', "the customer's confirmation e-mail reached the mail catcher", stepMail],
  ['printer', "a CloudPRNT printer of the branch prints the order's receipt", stepPrinter],
  ['media', "an image in the media library and a customer's photo with an order: stored and served", stepMedia],
  ['load', 'orders at once while the order service is killed: each 201 in the database exactly once', stepLoad],
];
export const VERIFY_STEP = [
  'verify-after-restore',
  "after a restore: the administrator's TOTP login, the orders, the image and the upload with the same bytes",
  stepVerifyAfterRestore,
];

/** Runs the named steps in order (default: all but verify-after-restore); false after the first failure. */
export async function runJourney(names, ctx = createContext(), out = console.log) {
  const all = [...STEPS, VERIFY_STEP];
  const chosen = names?.length ? all.filter(([id]) => names.includes(id)) : STEPS;
  const unknown = (names ?? []).filter((n) => !all.some(([id]) => id === n));
  if (unknown.length) throw new Error(`unknown step ${unknown.join(', ')}; steps: ${all.map(([id]) => id).join(', ')}`);
  out(`journey ${ctx.run} against ${ctx.s.baseUrl || '(BASE_URL unset)'}`);
  for (const [id, title, fn] of chosen) {
    const started = performance.now();
    ctx.stepNotes = [];
    try {
      const notes = await fn(ctx);
      out(`✔ ${id}: ${title} (${Math.round(performance.now() - started)} ms)`);
      for (const n of [...ctx.stepNotes, ...(notes ?? [])]) out(`    ${n}`);
    } catch (err) {
      out(`✖ ${id}: ${err.message}`);
      return false;
    }
  }
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv
    .filter((a) => a.startsWith('--only='))
    .flatMap((a) => a.slice('--only='.length).split(','))
    .map((n) => n.trim())
    .filter(Boolean);
  try {
    process.exitCode = (await runJourney(only)) ? 0 : 1;
  } catch (err) {
    console.log(`✖ ${err.message}`);
    process.exitCode = 1;
  }
}
