import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ORDER_ACTIONS } from '@shop/contracts';
import { CONFIG, DomainException, requireService, Rpc, type RpcMessage } from '@shop/server';
import type { OrderConfig } from '../config/order-config.js';

import { CreateOrderService } from './create-order.service.js';
import { OrderService } from './order.service.js';
import { OrderPayments } from '../payments/order-payments.js';

/** The order service's NATS handlers (subjects and payloads from libs/contracts). */
@Controller()
export class OrderController {
  constructor(
    private readonly creator: CreateOrderService,
    private readonly orders: OrderService,
    private readonly payments: OrderPayments,
    @Inject(CONFIG) private readonly config: OrderConfig,
  ) {}

  @Rpc('order.order.create')
  create(@Payload() m: RpcMessage<'order.order.create'>) {
    return this.creator.create(m.payload.body, m.payload.idempotencyKey, new Date(), m.payload.origin ?? 'storefront');
  }

  @Rpc('order.order.update-payment-status')
  updatePaymentStatus(@Payload() m: RpcMessage<'order.order.update-payment-status'>) {
    return this.payments.recheck(m.actor, m.payload.id);
  }

  @Rpc('order.order.public')
  publicView(@Payload() m: RpcMessage<'order.order.public'>) {
    return this.orders.publicView(m.payload);
  }

  @Rpc('order.order.confirm-counter-appointment')
  confirmCounter(@Payload() m: RpcMessage<'order.order.confirm-counter-appointment'>) {
    return this.orders.confirmCounter(m.payload);
  }

  @Rpc('order.order.reject-counter-appointment')
  rejectCounter(@Payload() m: RpcMessage<'order.order.reject-counter-appointment'>) {
    return this.orders.rejectCounter(m.payload);
  }

  @Rpc('order.order.questionnaire')
  questionnaire(@Payload() m: RpcMessage<'order.order.questionnaire'>) {
    return this.orders.questionnaire(m.payload, m.payload.body);
  }

  @Rpc('order.order.get')
  get(@Payload() m: RpcMessage<'order.order.get'>) {
    return this.orders.get(m.actor, m.payload.id);
  }

  @Rpc('order.order.list')
  list(@Payload() m: RpcMessage<'order.order.list'>) {
    return this.orders.list(m.actor, m.payload.query ?? {});
  }

  @Rpc('order.order.current')
  current(@Payload() m: RpcMessage<'order.order.current'>) {
    return this.orders.current(m.actor, m.payload.branch);
  }

  @Rpc('order.order.missed')
  missed(@Payload() m: RpcMessage<'order.order.missed'>) {
    return this.orders.missed(m.actor, m.payload.branch);
  }

  @Rpc('order.order.branch-view')
  branchView(@Payload() m: RpcMessage<'order.order.branch-view'>) {
    if (m.payload.view !== 'frontdesk' && m.payload.view !== 'backoffice') throw DomainException.notFound();
    return this.orders.branchView(m.payload.branchId, m.payload.apiKey, m.payload.view);
  }

  /** only the signage service asks, for the pickup boards of its screens */
  @Rpc('order.order.pickup-board')
  pickupBoard(@Payload() m: RpcMessage<'order.order.pickup-board'>) {
    requireService(m.caller, 'order.order.pickup-board', this.config.SERVICE_SECRET, ['signage']);
    return this.orders.pickupBoard(Number(m.payload.branchId));
  }

  @Rpc('order.order.transition')
  transition(@Payload() m: RpcMessage<'order.order.transition'>) {
    if (!(ORDER_ACTIONS as readonly string[]).includes(m.payload.action)) throw DomainException.notFound();
    return this.orders.transition(m.actor, m.payload.id, m.payload.action, m.payload.body);
  }

  @Rpc('order.order.propose-counter-appointment')
  proposeCounter(@Payload() m: RpcMessage<'order.order.propose-counter-appointment'>) {
    return this.orders.proposeCounter(m.actor, m.payload.id, m.payload.body);
  }

  @Rpc('order.order.update-item')
  updateItem(@Payload() m: RpcMessage<'order.order.update-item'>) {
    return this.orders.updateItem(m.actor, m.payload.id, m.payload.index, m.payload.body);
  }

  @Rpc('order.order.request-job')
  requestJob(@Payload() m: RpcMessage<'order.order.request-job'>) {
    return this.orders.requestJob(m.actor, m.payload.id, m.payload.job);
  }
}
