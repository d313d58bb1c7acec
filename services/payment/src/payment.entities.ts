import { PaymentEntity } from './payments/payment.entity.js';

export const PAYMENT_SCHEMA = 'payment';
export const PAYMENT_ENTITIES = [PaymentEntity];
