import { z } from 'zod';
/** Online payment providers (storefront-presenter.md §9: mollie is the first, datatrans the second). */
export type PaymentProvider = 'mollie' | 'datatrans';
export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = ['mollie', 'datatrans'];

/**
 * Our status of a payment. `open` until the provider reports an outcome; paid, failed, canceled and expired
 * are final (a final payment never changes again, whatever webhooks arrive later).
 */
export type PaymentStatus = 'open' | 'paid' | 'failed' | 'canceled' | 'expired';
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];

/** Asked by the order service right after an online order is stored; idempotent per order. */
export interface StartPaymentRequest {
  orderId: number;
  provider: PaymentProvider;
  /** gross total in the currency's major unit, e.g. 23.5 */
  amount: number;
  currency: string;
  description: string;
  /** where the customer lands after a paid (or still pending) payment: /status/{uid}/{hash} */
  successPath: string;
  /** where the customer lands after a failed or canceled payment: /store/{branch}/checkout/error */
  failurePath: string;
}

export interface PaymentView {
  id: number;
  orderId: number;
  provider: PaymentProvider;
  providerPaymentId: string | null;
  status: PaymentStatus;
  amount: number;
  currency: string;
  /** the provider's payment page */
  checkoutUrl: string | null;
}

/** Published once per payment when it reaches a final status (stream PAYMENTS). */
export const PaymentSettledEvent = z.object({
  paymentId: z.number().int(),
  orderId: z.number().int(),
  provider: z.enum(['mollie', 'datatrans']),
  providerPaymentId: z.string(),
  status: z.enum(['paid', 'failed', 'canceled', 'expired']),
  at: z.string(),
});
export type PaymentSettledEvent = z.infer<typeof PaymentSettledEvent>;
