import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ORDER_ACTIONS } from '@shop/contracts';
import { CONFIG, DomainException, requireService, Rpc, type RpcMessage } from '@shop/server';
import type { OrderConfig } from '../config/order-config.js';
import { AnswerQuestionnaire } from './usecases/answer-questionnaire/answer-questionnaire.usecase.js';
import { BranchView } from './usecases/branch-view/branch-view.usecase.js';
import { ConfirmCounterAppointment } from './usecases/confirm-counter-appointment/confirm-counter-appointment.usecase.js';
import { CreateOrder } from './usecases/create-order/create-order.usecase.js';
import { CurrentOrders } from './usecases/current-orders/current-orders.usecase.js';
import { GetOrder } from './usecases/get-order/get-order.usecase.js';
import { ListOrders } from './usecases/list-orders/list-orders.usecase.js';
import { MissedOrders } from './usecases/missed-orders/missed-orders.usecase.js';
import { GetPickupBoard } from './usecases/pickup-board/pickup-board.usecase.js';
import { ProposeCounterAppointment } from './usecases/propose-counter-appointment/propose-counter-appointment.usecase.js';
import { RejectCounterAppointment } from './usecases/reject-counter-appointment/reject-counter-appointment.usecase.js';
import { RequestOrderJob } from './usecases/request-order-job/request-order-job.usecase.js';
import { TransitionOrder } from './usecases/transition-order/transition-order.usecase.js';
import { UpdateOrderItem } from './usecases/update-order-item/update-order-item.usecase.js';
import { ViewPublicOrder } from './usecases/view-public-order/view-public-order.usecase.js';

/**
 * The order service's NATS handlers for orders (subjects and payloads from libs/contracts): one use case per
 * subject, in `usecases/<operation>/`. The payment re-check is the payments folder's (OrderPaymentsController).
 */
@Controller()
export class OrderController {
  constructor(
    private readonly createOrder: CreateOrder,
    private readonly viewPublicOrder: ViewPublicOrder,
    private readonly confirmCounterAppointment: ConfirmCounterAppointment,
    private readonly rejectCounterAppointment: RejectCounterAppointment,
    private readonly answerQuestionnaire: AnswerQuestionnaire,
    private readonly getOrder: GetOrder,
    private readonly listOrders: ListOrders,
    private readonly currentOrders: CurrentOrders,
    private readonly missedOrders: MissedOrders,
    private readonly branchView: BranchView,
    private readonly pickupBoard: GetPickupBoard,
    private readonly transitionOrder: TransitionOrder,
    private readonly proposeCounterAppointment: ProposeCounterAppointment,
    private readonly updateOrderItem: UpdateOrderItem,
    private readonly requestOrderJob: RequestOrderJob,
    @Inject(CONFIG) private readonly config: OrderConfig,
  ) {}

  @Rpc('order.order.create')
  create(@Payload() m: RpcMessage<'order.order.create'>) {
    return this.createOrder.execute(
      m.payload.body,
      m.payload.idempotencyKey,
      new Date(),
      m.payload.origin ?? 'storefront',
    );
  }

  @Rpc('order.order.public')
  publicView(@Payload() m: RpcMessage<'order.order.public'>) {
    return this.viewPublicOrder.execute(m.payload);
  }

  @Rpc('order.order.confirm-counter-appointment')
  confirmCounter(@Payload() m: RpcMessage<'order.order.confirm-counter-appointment'>) {
    return this.confirmCounterAppointment.execute(m.payload);
  }

  @Rpc('order.order.reject-counter-appointment')
  rejectCounter(@Payload() m: RpcMessage<'order.order.reject-counter-appointment'>) {
    return this.rejectCounterAppointment.execute(m.payload);
  }

  @Rpc('order.order.questionnaire')
  questionnaire(@Payload() m: RpcMessage<'order.order.questionnaire'>) {
    return this.answerQuestionnaire.execute(m.payload, m.payload.body);
  }

  @Rpc('order.order.get')
  get(@Payload() m: RpcMessage<'order.order.get'>) {
    return this.getOrder.execute(m.actor, m.payload.id);
  }

  @Rpc('order.order.list')
  list(@Payload() m: RpcMessage<'order.order.list'>) {
    return this.listOrders.execute(m.actor, m.payload.query ?? {});
  }

  @Rpc('order.order.current')
  current(@Payload() m: RpcMessage<'order.order.current'>) {
    return this.currentOrders.execute(m.actor, m.payload.branch);
  }

  @Rpc('order.order.missed')
  missed(@Payload() m: RpcMessage<'order.order.missed'>) {
    return this.missedOrders.execute(m.actor, m.payload.branch);
  }

  @Rpc('order.order.branch-view')
  branchScreen(@Payload() m: RpcMessage<'order.order.branch-view'>) {
    if (m.payload.view !== 'frontdesk' && m.payload.view !== 'backoffice') throw DomainException.notFound();
    return this.branchView.execute(m.payload.branchId, m.payload.apiKey, m.payload.view);
  }

  /** only the signage service asks, for the pickup boards of its screens */
  @Rpc('order.order.pickup-board')
  pickupBoardOf(@Payload() m: RpcMessage<'order.order.pickup-board'>) {
    requireService(m.caller, 'order.order.pickup-board', this.config.SERVICE_SECRET, ['signage']);
    return this.pickupBoard.execute(Number(m.payload.branchId));
  }

  @Rpc('order.order.transition')
  transition(@Payload() m: RpcMessage<'order.order.transition'>) {
    if (!(ORDER_ACTIONS as readonly string[]).includes(m.payload.action)) throw DomainException.notFound();
    return this.transitionOrder.execute(m.actor, m.payload.id, m.payload.action, m.payload.body);
  }

  @Rpc('order.order.propose-counter-appointment')
  proposeCounter(@Payload() m: RpcMessage<'order.order.propose-counter-appointment'>) {
    return this.proposeCounterAppointment.execute(m.actor, m.payload.id, m.payload.body);
  }

  @Rpc('order.order.update-item')
  updateItem(@Payload() m: RpcMessage<'order.order.update-item'>) {
    return this.updateOrderItem.execute(m.actor, m.payload.id, m.payload.index, m.payload.body);
  }

  @Rpc('order.order.request-job')
  requestJob(@Payload() m: RpcMessage<'order.order.request-job'>) {
    return this.requestOrderJob.execute(m.actor, m.payload.id, m.payload.job);
  }
}
