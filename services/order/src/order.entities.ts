import { DeviceLogEntity, DeviceQueueEntity } from './devices/device-queue.entity.js';
import { DeviceEntity } from './devices/device.entity.js';
import { JobCompletionEntity } from './jobs/job-completion.entity.js';
import { IdempotencyKeyEntity } from './orders/idempotency-key.entity.js';
import { OrderItemEntity } from './orders/order-item.entity.js';
import { OrderEntity } from './orders/order.entity.js';
import { TicketCounterEntity } from './orders/ticket-counter.entity.js';

export const ORDER_SCHEMA = 'order';
export const ORDER_ENTITIES = [
  OrderEntity,
  OrderItemEntity,
  TicketCounterEntity,
  IdempotencyKeyEntity,
  DeviceEntity,
  DeviceQueueEntity,
  DeviceLogEntity,
  JobCompletionEntity,
];
