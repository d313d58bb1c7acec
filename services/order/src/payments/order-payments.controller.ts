import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { OrderPayments } from './order-payments.js';

/** Staff ask for an order's payment status now (POST /orders/{id}/update-payment-status). */
@Controller()
export class OrderPaymentsController {
  constructor(private readonly payments: OrderPayments) {}

  @Rpc('order.order.update-payment-status')
  updatePaymentStatus(@Payload() m: RpcMessage<'order.order.update-payment-status'>) {
    return this.payments.recheck(m.actor, m.payload.id);
  }
}
