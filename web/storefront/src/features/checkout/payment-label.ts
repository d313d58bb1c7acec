import type { PaymentMethod } from '@shop/contracts';
import { s } from '../../texts';

/** The German name of a payment method (checkout and status page; the status page does not load the checkout's form). */
export function paymentLabel(method: PaymentMethod | string): string {
  switch (method) {
    case 'cash':
      return s('paymentCash');
    case 'atm-card':
      return s('paymentAtmCard');
    case 'hydro-ag-voucher':
      return s('paymentHydroAgVoucher');
    case 'mollie':
      return s('paymentMollie');
    case 'datatrans':
      return s('paymentDatatrans');
    default:
      return method;
  }
}
