import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainException } from '@shop/server';
import { SUBJECTS, type RpcEnvelope, type RpcMap } from '@shop/contracts';
import { CreateOrderService } from './create-order.service.js';
import { OrderService } from './order.service.js';
import { OrderPayments } from '../payments/order-payments.js';

type Req<S extends keyof RpcMap> = RpcEnvelope<RpcMap[S]['req']>;

/** The order service's NATS handlers (subjects and payloads from libs/contracts). */
@Controller()
export class OrderController {
  constructor(private readonly creator: CreateOrderService, private readonly orders: OrderService, private readonly payments: OrderPayments) {}

  @MessagePattern(SUBJECTS.order.create)
  create(@Payload() m: Req<'order.order.create'>) {
    return this.creator.create(m.payload.body, m.payload.idempotencyKey);
  }

  @MessagePattern(SUBJECTS.order.updatePaymentStatus)
  updatePaymentStatus(@Payload() m: Req<'order.order.update-payment-status'>) {
    return this.payments.recheck(m.actor, m.payload.id);
  }

  @MessagePattern(SUBJECTS.order.publicView)
  publicView(@Payload() m: Req<'order.order.public'>) {
    return this.orders.publicView(m.payload);
  }

  @MessagePattern(SUBJECTS.order.publicConfirmCounter)
  confirmCounter(@Payload() m: Req<'order.order.confirm-counter-appointment'>) {
    return this.orders.confirmCounter(m.payload);
  }

  @MessagePattern(SUBJECTS.order.publicRejectCounter)
  rejectCounter(@Payload() m: Req<'order.order.reject-counter-appointment'>) {
    return this.orders.rejectCounter(m.payload);
  }

  @MessagePattern(SUBJECTS.order.questionnaire)
  questionnaire(@Payload() m: Req<'order.order.questionnaire'>) {
    return this.orders.questionnaire(m.payload, m.payload.body);
  }

  @MessagePattern(SUBJECTS.order.get)
  get(@Payload() m: Req<'order.order.get'>) {
    return this.orders.get(m.actor, m.payload.id);
  }

  @MessagePattern(SUBJECTS.order.list)
  list(@Payload() m: Req<'order.order.list'>) {
    return this.orders.list(m.actor, m.payload.query ?? {});
  }

  @MessagePattern(SUBJECTS.order.current)
  current(@Payload() m: Req<'order.order.current'>) {
    return this.orders.current(m.actor, m.payload.branch);
  }

  @MessagePattern(SUBJECTS.order.missed)
  missed(@Payload() m: Req<'order.order.missed'>) {
    return this.orders.missed(m.actor, m.payload.branch);
  }

  @MessagePattern(SUBJECTS.order.branchView)
  branchView(@Payload() m: Req<'order.order.branch-view'>) {
    if (m.payload.view !== 'frontdesk' && m.payload.view !== 'backoffice') throw DomainException.notFound();
    return this.orders.branchView(m.payload.branchId, m.payload.apiKey, m.payload.view);
  }

  @MessagePattern(SUBJECTS.order.transition)
  transition(@Payload() m: Req<'order.order.transition'>) {
    if (!['confirm', 'reject', 'cancel', 'in-delivery', 'completed'].includes(m.payload.action)) throw DomainException.notFound();
    return this.orders.transition(m.actor, m.payload.id, m.payload.action, m.payload.body);
  }

  @MessagePattern(SUBJECTS.order.proposeCounter)
  proposeCounter(@Payload() m: Req<'order.order.propose-counter-appointment'>) {
    return this.orders.proposeCounter(m.actor, m.payload.id, m.payload.body);
  }

  @MessagePattern(SUBJECTS.order.updateItem)
  updateItem(@Payload() m: Req<'order.order.update-item'>) {
    return this.orders.updateItem(m.actor, m.payload.id, m.payload.index, m.payload.body);
  }

  @MessagePattern(SUBJECTS.order.requestJob)
  requestJob(@Payload() m: Req<'order.order.request-job'>) {
    return this.orders.requestJob(m.actor, m.payload.id, m.payload.job);
  }
}
