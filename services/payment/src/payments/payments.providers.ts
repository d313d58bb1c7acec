import { PaymentProviders } from './payment-providers.js';
import { PaymentRepository } from './payment.repository.js';
import { PaymentReconciler } from './reconciler.js';
import { DatatransWebhook } from './usecases/datatrans-webhook/datatrans-webhook.usecase.js';
import { ListFinalPayments } from './usecases/list-final-payments/list-final-payments.usecase.js';
import { MollieWebhook } from './usecases/mollie-webhook/mollie-webhook.usecase.js';
import { PaymentReturned } from './usecases/payment-returned/payment-returned.usecase.js';
import { RecheckPayment } from './usecases/recheck-payment/recheck-payment.usecase.js';
import { ReconcilePayments } from './usecases/reconcile-payments/reconcile-payments.usecase.js';
import { PaymentSettlement } from './usecases/shared/payment-settlement.js';
import { StartPayment } from './usecases/start-payment/start-payment.usecase.js';

/** The payments folder's repository, provider adapters, use cases and their shared settlement, for PaymentModule. */
export const PAYMENT_PROVIDERS = [
  PaymentRepository,
  PaymentProviders,
  PaymentSettlement,
  StartPayment,
  MollieWebhook,
  DatatransWebhook,
  PaymentReturned,
  RecheckPayment,
  ListFinalPayments,
  ReconcilePayments,
  PaymentReconciler,
];
