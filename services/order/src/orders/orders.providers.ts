import { OrderController } from './order.controller.js';
import { OrderGroupCommit } from './order-group-commit.js';
import { OrderWriteRepository } from './order-write.repository.js';
import { OrderRepository } from './order.repository.js';
import { IdempotencyKeyRetention } from './idempotency-key.retention.js';
import { AnswerQuestionnaire } from './usecases/answer-questionnaire/answer-questionnaire.usecase.js';
import { BranchView } from './usecases/branch-view/branch-view.usecase.js';
import { ConfirmCounterAppointment } from './usecases/confirm-counter-appointment/confirm-counter-appointment.usecase.js';
import { CreateOrder } from './usecases/create-order/create-order.usecase.js';
import { OrderFormCheck } from './usecases/create-order/order-form.js';
import { CurrentOrders } from './usecases/current-orders/current-orders.usecase.js';
import { GetOrder } from './usecases/get-order/get-order.usecase.js';
import { ListOrders } from './usecases/list-orders/list-orders.usecase.js';
import { MissedOrders } from './usecases/missed-orders/missed-orders.usecase.js';
import { GetPickupBoard } from './usecases/pickup-board/pickup-board.usecase.js';
import { ProposeCounterAppointment } from './usecases/propose-counter-appointment/propose-counter-appointment.usecase.js';
import { RejectCounterAppointment } from './usecases/reject-counter-appointment/reject-counter-appointment.usecase.js';
import { RequestOrderJob } from './usecases/request-order-job/request-order-job.usecase.js';
import { OrderChanges } from './usecases/shared/order-changes.js';
import { StaffViews } from './usecases/shared/staff-views.js';
import { TransitionOrder } from './usecases/transition-order/transition-order.usecase.js';
import { UpdateOrderItem } from './usecases/update-order-item/update-order-item.usecase.js';
import { ViewPublicOrder } from './usecases/view-public-order/view-public-order.usecase.js';

/** The orders folder's handlers, for OrderModule. */
export const ORDER_CONTROLLERS = [OrderController];

/** The orders folder's repositories, use cases and their shared parts, for OrderModule. */
export const ORDER_PROVIDERS = [
  OrderRepository,
  OrderWriteRepository,
  OrderGroupCommit,
  OrderChanges,
  StaffViews,
  OrderFormCheck,
  CreateOrder,
  ViewPublicOrder,
  ConfirmCounterAppointment,
  RejectCounterAppointment,
  AnswerQuestionnaire,
  GetOrder,
  ListOrders,
  CurrentOrders,
  MissedOrders,
  BranchView,
  GetPickupBoard,
  TransitionOrder,
  ProposeCounterAppointment,
  UpdateOrderItem,
  RequestOrderJob,
  IdempotencyKeyRetention,
];
