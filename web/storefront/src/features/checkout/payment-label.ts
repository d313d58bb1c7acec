import type { PaymentMethod } from '@shop/contracts';
import type { StorefrontTextKey } from '@shop/i18n-de';
import { s } from './texts';

const PAYMENT_TEXTS: Record<PaymentMethod, StorefrontTextKey> = {
  cash: 'paymentCash',
  'atm-card': 'paymentAtmCard',
  'hydro-ag-voucher': 'paymentHydroAgVoucher',
  mollie: 'paymentMollie',
  datatrans: 'paymentDatatrans',
};

/** The German name of a payment method (checkout and status page; the status page does not load the checkout's form). */
export function paymentLabel(method: PaymentMethod | string): string {
  const key = Object.hasOwn(PAYMENT_TEXTS, method) ? PAYMENT_TEXTS[method as PaymentMethod] : undefined;
  return key ? s(key) : method;
}
