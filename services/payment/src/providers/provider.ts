import type { PaymentStatus } from '@shop/contracts';

export interface CreatePaymentInput {
  reference: string;
  amount: number;
  currency: string;
  description: string;
  orderId: number;
  /** where the provider sends the customer back (our return route) */
  returnUrl: string;
  webhookUrl: string;
}

export interface ProviderPayment {
  providerPaymentId: string;
  checkoutUrl: string;
  status: PaymentStatus;
  providerStatus: string;
}

/** What the payment service needs from a provider; the adapters speak the provider's documented HTTP API. */
export interface PaymentProviderAdapter {
  readonly configured: boolean;
  create(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** the provider's current status of a payment (the source of truth; webhooks only say "ask again") */
  fetchStatus(providerPaymentId: string): Promise<RemotePayment | null>;
}

/** A payment as its provider reports it: the amount (major units) and currency it covers, as charged. */
export interface RemotePayment {
  status: PaymentStatus;
  providerStatus: string;
  amount: number | null;
  currency: string | null;
}

export class ProviderError extends Error {}

/** JSON over HTTP with a timeout; a non-2xx answer is a ProviderError with the provider's message. */
export async function providerFetch(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a provider's JSON, read field by field by its adapter
): Promise<{ status: number; body: any }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new ProviderError(`${init.method ?? 'GET'} ${url} failed: ${(err as Error).message}`);
  }
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as the return type
  let body: any;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  if (res.status === 404) return { status: 404, body };
  if (!res.ok)
    throw new ProviderError(
      `${init.method ?? 'GET'} ${url} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`,
    );
  return { status: res.status, body };
}

/** 23.5 → '23.50' (Mollie's amount.value). */
export const amountString = (amount: number) => (Math.round(amount * 100) / 100).toFixed(2);
/** 23.5 → 2350 (Datatrans' minor units). */
export const minorUnits = (amount: number) => Math.round(amount * 100);
