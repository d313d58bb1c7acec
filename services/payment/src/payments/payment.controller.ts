import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';

import { PaymentService } from './payment.service.js';

@Controller()
export class PaymentController {
  constructor(private readonly payments: PaymentService) {}

  @Rpc('payment.payment.start')
  start(@Payload() m: RpcMessage<'payment.payment.start'>) {
    return this.payments.start(m.payload);
  }

  @Rpc('payment.payment.recheck')
  recheck(@Payload() m: RpcMessage<'payment.payment.recheck'>) {
    return this.payments.recheck(m.payload.orderId);
  }

  @Rpc('payment.webhook.mollie')
  async mollie(@Payload() m: RpcMessage<'payment.webhook.mollie'>) {
    return { status: await this.payments.mollieWebhook(m.payload.id) };
  }

  @Rpc('payment.webhook.datatrans')
  datatrans(@Payload() m: RpcMessage<'payment.webhook.datatrans'>) {
    return this.payments.datatransWebhook(m.payload.rawBody, m.payload.signature);
  }

  @Rpc('payment.payment.list-final')
  listFinal(@Payload() m: RpcMessage<'payment.payment.list-final'>) {
    return this.payments.listFinal(m.payload);
  }

  @Rpc('payment.payment.returned')
  returned(@Payload() m: RpcMessage<'payment.payment.returned'>) {
    return this.payments.returned(m.payload.reference);
  }
}
