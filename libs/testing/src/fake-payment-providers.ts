import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoPayPage } from './demo-pay-page.js';

/**
 * Local stand-ins for the payment providers, following their documented requests and responses, for tests,
 * drills and the demo (no network). Each keeps its payments in memory, offers the provider's hosted payment
 * page (a GET that applies an outcome and redirects the customer back) and sends webhooks the way the
 * provider does. Control methods let a test set statuses and (re)send webhooks.
 */

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/hal+json' }).end(JSON.stringify(body));
}

abstract class FakeProvider {
  protected server: Server | null = null;
  baseUrl = '';
  /** every API request received: method, path, parsed body */
  readonly requests: Array<{ method: string; path: string; body: any; headers: IncomingMessage['headers'] }> = [];
  /** a slow provider: every request is answered this much later */
  delayMs = 0;
  /**
   * The demo's sandbox (scripts/lib/demo-payments.mjs): the hosted payment page asks the payer ('Bezahlen',
   * 'Abbrechen') instead of applying the outcome at once; tests open it with ?outcome=.
   */
  payPage = false;
  /** requests that arrived while held (see hold()), answered on release */
  private held: Array<() => void> | null = null;

  /**
   * Holds every request that arrives from now on until the returned release is called: a provider that takes
   * as long as a test needs, independent of the machine's speed. `heldCount` says how many are waiting.
   */
  hold(): () => void {
    const held: Array<() => void> = (this.held = []);
    return () => {
      if (this.held === held) this.held = null;
      for (const answer of held.splice(0)) answer();
    };
  }

  get heldCount(): number {
    return this.held?.length ?? 0;
  }

  /** Listens on a free port, or on `port` (a restart after stop() keeps the URLs the service was given). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      const answer = () => void this.route(req, res).catch((err) => json(res, 500, { error: String(err) }));
      if (this.held) this.held.push(answer);
      else if (this.delayMs) setTimeout(answer, this.delayMs);
      else answer();
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  protected abstract route(req: IncomingMessage, res: ServerResponse): Promise<void>;

  protected async record(
    req: IncomingMessage,
  ): Promise<{ path: string; query: URLSearchParams; body: any; raw: string }> {
    const url = new URL(req.url ?? '/', 'http://x');
    const raw = await readBody(req);
    let body: any = raw;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      /* not JSON */
    }
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body, headers: req.headers });
    return { path: url.pathname, query: url.searchParams, body, raw };
  }
}

/* ------------------------------------------------------------------ Mollie Payments API v2 */

export type MollieStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'canceled' | 'expired' | 'failed';
export interface FakeMolliePayment {
  id: string;
  status: MollieStatus;
  amount: { currency: string; value: string };
  description: string;
  redirectUrl: string;
  webhookUrl: string | null;
  metadata: unknown;
}

export class FakeMollie extends FakeProvider {
  readonly payments = new Map<string, FakeMolliePayment>();
  constructor(readonly apiKey = `test_${randomBytes(15).toString('hex')}`) {
    super();
  }

  private view(p: FakeMolliePayment) {
    return {
      resource: 'payment',
      id: p.id,
      mode: 'test',
      status: p.status,
      amount: p.amount,
      description: p.description,
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
      metadata: p.metadata,
      createdAt: new Date().toISOString(),
      _links: {
        self: { href: `${this.baseUrl}/v2/payments/${p.id}`, type: 'application/hal+json' },
        checkout: { href: `${this.baseUrl}/checkout/select-method/${p.id}`, type: 'text/html' },
      },
    };
  }

  protected async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { path, query, body } = await this.record(req);
    const checkout = path.match(/^\/checkout\/select-method\/(tr_\w+)$/);
    if (req.method === 'GET' && checkout) {
      const p = this.payments.get(checkout[1]);
      if (!p) return json(res, 404, { status: 404, title: 'Not Found' });
      if (this.payPage && !query.has('outcome')) {
        const page = demoPayPage({
          provider: 'Mollie',
          path,
          amount: `${p.amount.currency} ${p.amount.value}`,
          description: p.description,
          paid: 'paid',
          canceled: 'canceled',
        });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
        return;
      }
      await this.setStatus(p.id, (query.get('outcome') as MollieStatus) ?? 'paid');
      res.writeHead(303, { location: p.redirectUrl }).end();
      return;
    }
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
      return json(res, 401, {
        status: 401,
        title: 'Unauthorized Request',
        detail: 'Missing authentication, or failed to authenticate',
      });
    }
    if (req.method === 'POST' && path === '/v2/payments') {
      const value = body?.amount?.value;
      if (typeof value !== 'string' || !/^\d+\.\d{2}$/.test(value) || typeof body?.amount?.currency !== 'string') {
        return json(res, 422, {
          status: 422,
          title: 'Unprocessable Entity',
          detail: 'The amount is invalid',
          field: 'amount',
        });
      }
      if (!body.description || !body.redirectUrl) {
        return json(res, 422, {
          status: 422,
          title: 'Unprocessable Entity',
          detail: 'The description and redirectUrl are required',
        });
      }
      const p: FakeMolliePayment = {
        id: `tr_${randomBytes(5).toString('hex')}`,
        status: 'open',
        amount: body.amount,
        description: body.description,
        redirectUrl: body.redirectUrl,
        webhookUrl: body.webhookUrl ?? null,
        metadata: body.metadata ?? null,
      };
      this.payments.set(p.id, p);
      return json(res, 201, this.view(p));
    }
    const one = path.match(/^\/v2\/payments\/([\w]+)$/);
    if (req.method === 'GET' && one) {
      const p = this.payments.get(one[1]);
      if (!p)
        return json(res, 404, { status: 404, title: 'Not Found', detail: `No payment exists with token ${one[1]}.` });
      return json(res, 200, this.view(p));
    }
    json(res, 404, { status: 404, title: 'Not Found' });
  }

  /** Sets the status as Mollie would and, like Mollie, calls the webhook with only the id. */
  async setStatus(id: string, status: MollieStatus, opts: { webhook?: boolean } = {}): Promise<void> {
    const p = this.payments.get(id);
    if (!p) throw new Error(`unknown payment ${id}`);
    p.status = status;
    if (opts.webhook !== false) await this.sendWebhook(id).catch(() => undefined);
  }

  /** POSTs `id=…` form-encoded to the payment's webhook URL; answers the HTTP status. */
  async sendWebhook(id: string): Promise<number> {
    const p = this.payments.get(id);
    if (!p?.webhookUrl) return 0;
    const res = await fetch(p.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id }).toString(),
    });
    await res.arrayBuffer();
    return res.status;
  }
}

/* ------------------------------------------------------------------ Datatrans API v1 */

export type DatatransStatus =
  'initialized' | 'authenticated' | 'authorized' | 'settled' | 'transmitted' | 'canceled' | 'failed';
export interface FakeDatatransTransaction {
  transactionId: string;
  status: DatatransStatus;
  currency: string;
  amount: number;
  refno: string;
  redirect: { successUrl?: string; cancelUrl?: string; errorUrl?: string };
  webhookUrl: string | null;
}

export class FakeDatatrans extends FakeProvider {
  readonly transactions = new Map<string, FakeDatatransTransaction>();
  private seq = 0;
  constructor(
    readonly merchantId = '1100012345',
    readonly password = randomBytes(12).toString('hex'),
    readonly hmacKey = randomBytes(32).toString('hex'),
  ) {
    super();
  }

  protected async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { path, query, body } = await this.record(req);
    const start = path.match(/^\/v1\/start\/(\d+)$/);
    if (req.method === 'GET' && start) {
      const tx = this.transactions.get(start[1]);
      if (!tx) return json(res, 404, { error: { code: 'TRANSACTION_NOT_FOUND', message: 'transaction not found' } });
      if (this.payPage && !query.has('outcome')) {
        const page = demoPayPage({
          provider: 'Datatrans',
          path,
          amount: `${tx.currency} ${(tx.amount / 100).toFixed(2)}`,
          description: tx.refno,
          paid: 'settled',
          canceled: 'canceled',
        });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
        return;
      }
      const outcome = (query.get('outcome') as DatatransStatus) ?? 'settled';
      await this.setStatus(tx.transactionId, outcome);
      const target =
        outcome === 'canceled'
          ? tx.redirect.cancelUrl
          : outcome === 'failed'
            ? tx.redirect.errorUrl
            : tx.redirect.successUrl;
      res.writeHead(303, { location: target ?? '/' }).end();
      return;
    }
    const expected = `Basic ${Buffer.from(`${this.merchantId}:${this.password}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return json(res, 401, { error: { code: 'UNAUTHORIZED', message: 'Incorrect authorization header' } });
    }
    if (req.method === 'POST' && path === '/v1/transactions') {
      if (!Number.isInteger(body?.amount) || typeof body?.currency !== 'string' || typeof body?.refno !== 'string') {
        return json(res, 400, {
          error: { code: 'INVALID_PROPERTY', message: 'amount (minor units), currency and refno are required' },
        });
      }
      const now = new Date();
      const transactionId = `${now.toISOString().slice(2, 19).replace(/\D/g, '')}${String(++this.seq).padStart(6, '0')}`;
      this.transactions.set(transactionId, {
        transactionId,
        status: 'initialized',
        currency: body.currency,
        amount: body.amount,
        refno: body.refno,
        redirect: body.redirect ?? {},
        webhookUrl: body.webhook?.url ?? null,
      });
      return json(res, 201, { transactionId });
    }
    const one = path.match(/^\/v1\/transactions\/(\d+)$/);
    if (req.method === 'GET' && one) {
      const tx = this.transactions.get(one[1]);
      if (!tx) return json(res, 404, { error: { code: 'TRANSACTION_NOT_FOUND', message: 'transaction not found' } });
      return json(res, 200, {
        transactionId: tx.transactionId,
        merchantId: this.merchantId,
        type: 'payment',
        status: tx.status,
        currency: tx.currency,
        refno: tx.refno,
        detail: {
          authorize: { amount: tx.amount },
          ...(tx.status === 'settled' ? { settle: { amount: tx.amount } } : {}),
        },
      });
    }
    json(res, 404, { error: { code: 'NOT_FOUND', message: 'unknown endpoint' } });
  }

  /** The webhook body Datatrans would post for the transaction now, and its signature header. */
  signedWebhook(transactionId: string, key = this.hmacKey, at = Date.now()): { body: string; signature: string } {
    const tx = this.transactions.get(transactionId);
    if (!tx) throw new Error(`unknown transaction ${transactionId}`);
    return this.sign(
      JSON.stringify({
        transactionId: tx.transactionId,
        merchantId: this.merchantId,
        type: 'payment',
        status: tx.status,
        currency: tx.currency,
        refno: tx.refno,
        detail: { authorize: { amount: tx.amount } },
      }),
      key,
      at,
    );
  }

  /** Any body with the `Datatrans-Signature` header Datatrans would send for it (t = the time in ms, now by default). */
  sign(body: string, key = this.hmacKey, at = Date.now()): { body: string; signature: string } {
    const t = String(at);
    const s0 = createHmac('sha256', Buffer.from(key, 'hex'))
      .update(t + body)
      .digest('hex');
    return { body, signature: `t=${t},s0=${s0}` };
  }

  async setStatus(transactionId: string, status: DatatransStatus, opts: { webhook?: boolean } = {}): Promise<void> {
    const tx = this.transactions.get(transactionId);
    if (!tx) throw new Error(`unknown transaction ${transactionId}`);
    tx.status = status;
    if (opts.webhook !== false) await this.sendWebhook(transactionId).catch(() => undefined);
  }

  async sendWebhook(transactionId: string, signed = this.signedWebhook(transactionId)): Promise<number> {
    const tx = this.transactions.get(transactionId);
    if (!tx?.webhookUrl) return 0;
    const res = await fetch(tx.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'datatrans-signature': signed.signature },
      body: signed.body,
    });
    await res.arrayBuffer();
    return res.status;
  }
}
