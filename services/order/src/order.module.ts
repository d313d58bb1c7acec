import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { STREAMS } from '@shop/contracts';
import {
  createCrudMessageController,
  jobDispatcher,
  CrudService,
  FollowedCaches,
  OUTBOX_RELAY,
  ServiceRoot,
  type ServiceDefinition,
  type OutboxRelay,
  watchQueues,
} from '@shop/server';
import { DataSource } from 'typeorm';
import { deviceCrud } from './devices/device.crud.js';
import { DeviceController } from './devices/device.controller.js';
import { CloudPrnt } from './devices/usecases/cloudprnt/cloudprnt.usecase.js';
import { DeviceActions } from './devices/usecases/device-actions/device-actions.usecase.js';
import { EnqueuePrint } from './devices/usecases/enqueue-print/enqueue-print.usecase.js';
import { EpsonSdp } from './devices/usecases/epson-sdp/epson-sdp.usecase.js';
import { NotificationPoll } from './devices/usecases/notification-poll/notification-poll.usecase.js';
import { CatalogueContextCache } from './catalogue-context/catalogue-context.cache.js';
import type { OrderConfig } from './config/order-config.js';
import { orderDatabase } from './database/data-source.js';
import { createQueues, ORDER_QUEUES, type OrderQueues } from './jobs/order-jobs.js';
import { skipReceiptsWithoutDevices } from './jobs/receipts-without-devices.js';
import { JOB_CONTROLLERS, JOB_PROVIDERS } from './jobs/jobs.providers.js';
import { ORDER_CONTROLLERS, ORDER_PROVIDERS } from './orders/orders.providers.js';
import { OrderPaymentRepository } from './payments/order-payment.repository.js';
import { OrderPayments } from './payments/order-payments.js';
import { OrderPaymentsController } from './payments/order-payments.controller.js';
import { PRIVACY_CONTROLLERS, PRIVACY_PROVIDERS } from './privacy/privacy.providers.js';
import { KnownUploads } from './uploads/known-uploads.js';
import { UploadReferences, UploadReferencesController } from './uploads/upload-references.js';

const DEVICES_CRUD = 'CRUD:devices';

/** The order service: orders, their lifecycle, public link, staff views, and the jobs they trigger. */
function orderService(config: OrderConfig): ServiceDefinition {
  const queues = createQueues(
    { url: config.REDIS_URL, maxRetriesPerRequest: null },
    `${config.REDIS_PREFIX}${config.BULLMQ_PREFIX}`,
  );
  const receipts = skipReceiptsWithoutDevices(jobDispatcher((job) => queues[job.queue]));
  return {
    core: {
      name: 'order',
      database: orderDatabase,
      streams: [STREAMS.order, STREAMS.devices, STREAMS.jobs],
      outboxDispatch: receipts.dispatch,
      outboxPrepareDispatch: receipts.prepare,
      bus: true,
    },
    controllers: [
      ...ORDER_CONTROLLERS,
      OrderPaymentsController,
      DeviceController,
      ...JOB_CONTROLLERS,
      UploadReferencesController,
      ...PRIVACY_CONTROLLERS,
      createCrudMessageController('devices', DEVICES_CRUD),
    ],
    providers: [
      { provide: ORDER_QUEUES, useValue: queues },
      FollowedCaches,
      CatalogueContextCache,
      ...ORDER_PROVIDERS,
      OrderPayments,
      OrderPaymentRepository,
      UploadReferences,
      KnownUploads,
      ...PRIVACY_PROVIDERS,
      ...JOB_PROVIDERS,
      DeviceActions,
      CloudPrnt,
      EpsonSdp,
      NotificationPoll,
      EnqueuePrint,
      {
        provide: DEVICES_CRUD,
        inject: [DataSource, OUTBOX_RELAY, CatalogueContextCache],
        useFactory: (ds: DataSource, relay: OutboxRelay, catalogue: CatalogueContextCache) =>
          new CrudService(deviceCrud(catalogue), ds, relay),
      },
    ],
  };
}

/** The order service's root module, which also watches its job queues and closes them with the service. */
@Module({})
export class OrderModule extends ServiceRoot(orderService) implements OnApplicationShutdown {
  /** the queues' depth and failures in the metrics (libs/server metrics) */
  private readonly unwatchQueues: () => void;

  constructor(@Inject(ORDER_QUEUES) private readonly queues: OrderQueues) {
    super();
    this.unwatchQueues = watchQueues(Object.values(queues));
  }

  async onApplicationShutdown(): Promise<void> {
    this.unwatchQueues();
    await Promise.all(Object.values(this.queues).map((q) => q.close()));
  }
}
