import { createRpcController, rpc } from '@shop/server';
import { OrderPayments } from './order-payments.js';

/** Staff ask for an order's payment status now (POST /orders/{id}/update-payment-status). */
export class OrderPaymentsController extends createRpcController([
  rpc('order.order.update-payment-status', OrderPayments, (payments, m) => payments.recheck(m.actor, m.payload.id)),
]) {}
