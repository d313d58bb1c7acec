import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type RpcEnvelope, type RpcMap } from '@shop/contracts';
import { PaymentService } from './payment.service.js';

type Req<S extends keyof RpcMap> = RpcEnvelope<RpcMap[S]['req']>;

@Controller()
export class PaymentController {
  constructor(private readonly payments: PaymentService) {}

  @MessagePattern(SUBJECTS.payment.start)
  start(@Payload() m: Req<'payment.payment.start'>) {
    return this.payments.start(m.payload);
  }

  @MessagePattern(SUBJECTS.payment.recheck)
  recheck(@Payload() m: Req<'payment.payment.recheck'>) {
    return this.payments.recheck(m.payload.orderId);
  }

  @MessagePattern(SUBJECTS.payment.mollieWebhook)
  async mollie(@Payload() m: Req<'payment.webhook.mollie'>) {
    return { status: await this.payments.mollieWebhook(m.payload.id) };
  }

  @MessagePattern(SUBJECTS.payment.datatransWebhook)
  datatrans(@Payload() m: Req<'payment.webhook.datatrans'>) {
    return this.payments.datatransWebhook(m.payload.rawBody, m.payload.signature);
  }

  @MessagePattern(SUBJECTS.payment.listFinal)
  listFinal(@Payload() m: Req<'payment.payment.list-final'>) {
    return this.payments.listFinal(m.payload);
  }

  @MessagePattern(SUBJECTS.payment.returned)
  returned(@Payload() m: Req<'payment.payment.returned'>) {
    return this.payments.returned(m.payload.reference);
  }
}
