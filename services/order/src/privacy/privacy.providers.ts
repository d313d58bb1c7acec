import { OrderPrivacyController } from './privacy.controller.js';
import { OrderPrivacyRepository } from './order-privacy.repository.js';
import { OrderRetention } from './order-retention.js';
import { OrderRetentionRepository } from './order-retention.repository.js';
import { QueuedOrderJobs } from './queued-order-jobs.js';
import { EraseOrderData } from './usecases/erase-order-data/erase-order-data.usecase.js';
import { FindOrderData } from './usecases/find-order-data/find-order-data.usecase.js';
import { SubjectOrders } from './usecases/shared/subject-orders.js';

/** The privacy folder's handlers (issue 44), for OrderModule. */
export const PRIVACY_CONTROLLERS = [OrderPrivacyController];

/** The privacy folder's repositories, use cases, BullMQ scrubbing and order retention, for OrderModule. */
export const PRIVACY_PROVIDERS = [
  OrderPrivacyRepository,
  OrderRetentionRepository,
  SubjectOrders,
  QueuedOrderJobs,
  FindOrderData,
  EraseOrderData,
  OrderRetention,
];
