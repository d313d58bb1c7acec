import type { MigrationInterface } from 'typeorm';
import { PaymentPayments1795320436215 } from './1795320436215-PaymentPayments.js';

/** Every migration of the payment schema, in order. */
export const PAYMENT_MIGRATIONS: (new () => MigrationInterface)[] = [PaymentPayments1795320436215];
