import type { PaymentStatus } from '@shop/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentConfig } from '../config/payment-config.js';
import {
  minorUnits,
  providerFetch,
  type CreatePaymentInput,
  type PaymentProviderAdapter,
  type ProviderPayment,
} from './provider.js';

/**
 * Datatrans transaction statuses → ours. Transactions are initialised with autoSettle, so an authorised
 * transaction is settled by Datatrans itself: authorized, settled and transmitted count as paid.
 */
const STATUS: Record<string, PaymentStatus> = {
  initialized: 'open',
  challenge_required: 'open',
  challenge_ongoing: 'open',
  authenticated: 'open',
  authorized: 'paid',
  settled: 'paid',
  transmitted: 'paid',
  canceled: 'canceled',
  failed: 'failed',
};

/** how far a webhook's signature time may be from ours (clock skew and delivery delay) */
const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

/**
 * Datatrans API v1: POST /v1/transactions (Basic auth, amount in minor units, refno, redirect URLs, webhook
 * URL, autoSettle) answers a transactionId; the customer pays at {pay host}/v1/start/{transactionId};
 * GET /v1/transactions/{id} tells the status; webhooks are signed: `Datatrans-Signature: t={ms},s0={hex}`
 * with s0 = HMAC-SHA256(hex-decoded key, t + raw body).
 */
export class DatatransAdapter implements PaymentProviderAdapter {
  constructor(private readonly config: PaymentConfig) {}

  get configured() {
    return !!(this.config.DATATRANS_MERCHANT_ID && this.config.DATATRANS_PASSWORD);
  }

  private headers() {
    const basic = Buffer.from(`${this.config.DATATRANS_MERCHANT_ID}:${this.config.DATATRANS_PASSWORD}`).toString(
      'base64',
    );
    return { authorization: `Basic ${basic}`, 'content-type': 'application/json', accept: 'application/json' };
  }

  async create(input: CreatePaymentInput): Promise<ProviderPayment> {
    const { body } = await providerFetch(
      `${this.config.DATATRANS_API_URL}/v1/transactions`,
      {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify({
          currency: input.currency,
          refno: input.reference,
          amount: minorUnits(input.amount),
          autoSettle: true,
          redirect: { successUrl: input.returnUrl, cancelUrl: input.returnUrl, errorUrl: input.returnUrl },
          webhook: { url: input.webhookUrl },
        }),
      },
      this.config.PAYMENT_PROVIDER_TIMEOUT_MS,
    );
    const id = String(body.transactionId);
    return {
      providerPaymentId: id,
      checkoutUrl: `${this.config.DATATRANS_PAY_URL}/v1/start/${encodeURIComponent(id)}`,
      status: 'open',
      providerStatus: 'initialized',
    };
  }

  async fetchStatus(id: string) {
    const res = await providerFetch(
      `${this.config.DATATRANS_API_URL}/v1/transactions/${encodeURIComponent(id)}`,
      { headers: this.headers() },
      this.config.PAYMENT_PROVIDER_TIMEOUT_MS,
    );
    if (res.status === 404) return null;
    // minor units: what was settled, else what was authorised
    const minor = res.body.detail?.settle?.amount ?? res.body.detail?.authorize?.amount;
    return {
      status: STATUS[res.body.status] ?? 'open',
      providerStatus: String(res.body.status),
      amount: Number.isInteger(minor) ? minor / 100 : null,
      currency: typeof res.body.currency === 'string' ? res.body.currency : null,
    };
  }

  /**
   * True when the header signs exactly this raw body with our key, at a time (t, ms) within ±5 minutes of now: a
   * captured webhook cannot be replayed later.
   */
  verifySignature(rawBody: string, header: string | null, now = Date.now()): boolean {
    if (!this.config.DATATRANS_HMAC_KEY || !header) return false;
    const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
    if (!parts.t || !parts.s0 || !/^[0-9a-f]{64}$/i.test(parts.s0)) return false;
    if (!/^\d{1,15}$/.test(parts.t) || Math.abs(now - Number(parts.t)) > SIGNATURE_TOLERANCE_MS) return false;
    const expected = createHmac('sha256', Buffer.from(this.config.DATATRANS_HMAC_KEY, 'hex'))
      .update(parts.t + rawBody)
      .digest();
    return timingSafeEqual(expected, Buffer.from(parts.s0, 'hex'));
  }
}
