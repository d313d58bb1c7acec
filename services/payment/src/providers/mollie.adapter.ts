import type { PaymentStatus } from '@shop/contracts';
import type { PaymentConfig } from '../config/payment-config.js';
import {
  amountString,
  providerFetch,
  type CreatePaymentInput,
  type PaymentProviderAdapter,
  type ProviderPayment,
} from './provider.js';

/** Mollie's payment statuses → ours. authorized (pay later, not captured) and pending stay open. */
const STATUS: Record<string, PaymentStatus> = {
  open: 'open',
  pending: 'open',
  authorized: 'open',
  paid: 'paid',
  canceled: 'canceled',
  expired: 'expired',
  failed: 'failed',
};

/**
 * Mollie Payments API v2: POST /v2/payments with amount {currency, value as a string}, description,
 * redirectUrl, webhookUrl and metadata; the customer pays at _links.checkout.href; the webhook posts only
 * `id`, and GET /v2/payments/{id} tells the status.
 */
export class MollieAdapter implements PaymentProviderAdapter {
  constructor(private readonly config: PaymentConfig) {}

  get configured() {
    return !!this.config.MOLLIE_API_KEY;
  }

  private headers() {
    return {
      authorization: `Bearer ${this.config.MOLLIE_API_KEY}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
  }

  async create(input: CreatePaymentInput): Promise<ProviderPayment> {
    const { body } = await providerFetch(
      `${this.config.MOLLIE_API_URL}/v2/payments`,
      {
        method: 'POST',
        // Mollie's idempotency: a start taken over with the same reference gets the same payment back
        headers: { ...this.headers(), 'idempotency-key': input.reference },
        body: JSON.stringify({
          amount: { currency: input.currency, value: amountString(input.amount) },
          description: input.description,
          redirectUrl: input.returnUrl,
          webhookUrl: input.webhookUrl,
          metadata: { orderId: input.orderId, reference: input.reference },
        }),
      },
      this.config.PAYMENT_PROVIDER_TIMEOUT_MS,
    );
    return {
      providerPaymentId: body.id,
      checkoutUrl: body._links.checkout.href,
      status: STATUS[body.status] ?? 'open',
      providerStatus: body.status,
    };
  }

  async fetchStatus(id: string) {
    const res = await providerFetch(
      `${this.config.MOLLIE_API_URL}/v2/payments/${encodeURIComponent(id)}`,
      { headers: this.headers() },
      this.config.PAYMENT_PROVIDER_TIMEOUT_MS,
    );
    if (res.status === 404) return null;
    const value = Number(res.body.amount?.value);
    return {
      status: STATUS[res.body.status] ?? 'open',
      providerStatus: String(res.body.status),
      amount: Number.isFinite(value) ? value : null,
      currency: typeof res.body.amount?.currency === 'string' ? res.body.amount.currency : null,
    };
  }
}
