import { PaymentPayments1795320436215 } from './1795320436215-PaymentPayments.js';

/** Every migration of the payment schema, in order. */
export const PAYMENT_MIGRATIONS: Function[] = [PaymentPayments1795320436215];
