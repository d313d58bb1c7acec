import { createRpcController, rpc } from '@shop/server';
import { DatatransWebhook } from './usecases/datatrans-webhook/datatrans-webhook.usecase.js';
import { ListFinalPayments } from './usecases/list-final-payments/list-final-payments.usecase.js';
import { MollieWebhook } from './usecases/mollie-webhook/mollie-webhook.usecase.js';
import { PaymentReturned } from './usecases/payment-returned/payment-returned.usecase.js';
import { RecheckPayment } from './usecases/recheck-payment/recheck-payment.usecase.js';
import { StartPayment } from './usecases/start-payment/start-payment.usecase.js';

export class PaymentController extends createRpcController([
  rpc('payment.payment.start', StartPayment, (start, m) => start.execute(m.payload)),
  rpc('payment.payment.recheck', RecheckPayment, (recheck, m) => recheck.execute(m.payload.orderId)),
  rpc('payment.webhook.mollie', MollieWebhook, (mollie, m) => mollie.execute(m.payload.id)),
  rpc('payment.webhook.datatrans', DatatransWebhook, (datatrans, m) =>
    datatrans.execute(m.payload.rawBody, m.payload.signature),
  ),
  rpc('payment.payment.list-final', ListFinalPayments, (list, m) => list.execute(m.payload)),
  rpc('payment.payment.returned', PaymentReturned, (returned, m) => returned.execute(m.payload.reference)),
]) {}
