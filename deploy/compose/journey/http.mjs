// The journey's settings and its HTTP clients: a browser (or device) behind the operator's TLS proxy, and a staff
// member's browser with the back office's CSRF handling (deploy/compose/journey.mjs runs the steps).

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

export function need(s, ...names) {
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

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const REQUEST_TIMEOUT_MS = 30_000;

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
export function said(res) {
  const j = res.json ?? {};
  const errors = Array.isArray(j.errors) && j.errors.length ? ` ${JSON.stringify(j.errors)}` : '';
  const text = j.message || j.code ? ` ${[j.code, j.message].filter(Boolean).join(': ')}` : '';
  return `HTTP ${res.status}${text}${errors}`;
}

export function expectStatus(res, status, what) {
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
