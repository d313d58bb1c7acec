import { ORDER_ACTIONS } from '@shop/contracts';
import { createRpcController, DomainException, rpc } from '@shop/server';
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
export class OrderController extends createRpcController([
  rpc('order.order.create', CreateOrder, (create, m) =>
    create.execute(m.payload.body, m.payload.idempotencyKey, new Date(), m.payload.origin ?? 'storefront'),
  ),
  rpc('order.order.public', ViewPublicOrder, (view, m) => view.execute(m.payload)),
  rpc('order.order.confirm-counter-appointment', ConfirmCounterAppointment, (confirm, m) => confirm.execute(m.payload)),
  rpc('order.order.reject-counter-appointment', RejectCounterAppointment, (reject, m) => reject.execute(m.payload)),
  rpc('order.order.questionnaire', AnswerQuestionnaire, (answer, m) => answer.execute(m.payload, m.payload.body)),
  rpc('order.order.get', GetOrder, (get, m) => get.execute(m.actor, m.payload.id)),
  rpc('order.order.list', ListOrders, (list, m) => list.execute(m.actor, m.payload.query ?? {})),
  rpc('order.order.current', CurrentOrders, (current, m) => current.execute(m.actor, m.payload.branch)),
  rpc('order.order.missed', MissedOrders, (missed, m) => missed.execute(m.actor, m.payload.branch)),
  rpc('order.order.branch-view', BranchView, (branchView, m) => {
    if (m.payload.view !== 'frontdesk' && m.payload.view !== 'backoffice') throw DomainException.notFound();
    return branchView.execute(m.payload.branchId, m.payload.apiKey, m.payload.view);
  }),
  // only the signage service asks, for the pickup boards of its screens
  rpc('order.order.pickup-board', GetPickupBoard, (board, m) => board.execute(Number(m.payload.branchId)), {
    requireService: ['signage'],
  }),
  rpc('order.order.transition', TransitionOrder, (transition, m) => {
    if (!(ORDER_ACTIONS as readonly string[]).includes(m.payload.action)) throw DomainException.notFound();
    return transition.execute(m.actor, m.payload.id, m.payload.action, m.payload.body);
  }),
  rpc('order.order.propose-counter-appointment', ProposeCounterAppointment, (propose, m) =>
    propose.execute(m.actor, m.payload.id, m.payload.body),
  ),
  rpc('order.order.update-item', UpdateOrderItem, (update, m) =>
    update.execute(m.actor, m.payload.id, m.payload.index, m.payload.body),
  ),
  rpc('order.order.request-job', RequestOrderJob, (request, m) =>
    request.execute(m.actor, m.payload.id, m.payload.job),
  ),
]) {}
