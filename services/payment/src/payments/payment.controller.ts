import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { DatatransWebhook } from './usecases/datatrans-webhook/datatrans-webhook.usecase.js';
import { ListFinalPayments } from './usecases/list-final-payments/list-final-payments.usecase.js';
import { MollieWebhook } from './usecases/mollie-webhook/mollie-webhook.usecase.js';
import { PaymentReturned } from './usecases/payment-returned/payment-returned.usecase.js';
import { RecheckPayment } from './usecases/recheck-payment/recheck-payment.usecase.js';
import { StartPayment } from './usecases/start-payment/start-payment.usecase.js';

@Controller()
export class PaymentController {
  constructor(
    private readonly startPayment: StartPayment,
    private readonly recheckPayment: RecheckPayment,
    private readonly mollieWebhook: MollieWebhook,
    private readonly datatransWebhook: DatatransWebhook,
    private readonly listFinalPayments: ListFinalPayments,
    private readonly paymentReturned: PaymentReturned,
  ) {}

  @Rpc('payment.payment.start')
  start(@Payload() m: RpcMessage<'payment.payment.start'>) {
    return this.startPayment.execute(m.payload);
  }

  @Rpc('payment.payment.recheck')
  recheck(@Payload() m: RpcMessage<'payment.payment.recheck'>) {
    return this.recheckPayment.execute(m.payload.orderId);
  }

  @Rpc('payment.webhook.mollie')
  mollie(@Payload() m: RpcMessage<'payment.webhook.mollie'>) {
    return this.mollieWebhook.execute(m.payload.id);
  }

  @Rpc('payment.webhook.datatrans')
  datatrans(@Payload() m: RpcMessage<'payment.webhook.datatrans'>) {
    return this.datatransWebhook.execute(m.payload.rawBody, m.payload.signature);
  }

  @Rpc('payment.payment.list-final')
  listFinal(@Payload() m: RpcMessage<'payment.payment.list-final'>) {
    return this.listFinalPayments.execute(m.payload);
  }

  @Rpc('payment.payment.returned')
  returned(@Payload() m: RpcMessage<'payment.payment.returned'>) {
    return this.paymentReturned.execute(m.payload.reference);
  }
}
