import 'reflect-metadata';
import { bootstrapService, jobQueuesReadiness } from '@shop/server';
import { loadOrderConfig } from './config/order-config.js';
import { ORDER_QUEUES, type OrderQueues } from './jobs/order-jobs.js';
import { OrderModule } from './order.module.js';

const config = loadOrderConfig();
await bootstrapService('order', OrderModule.forRoot(config), config, config.ORDER_HEALTH_PORT, (app) =>
  jobQueuesReadiness(Object.values(app.get<OrderQueues>(ORDER_QUEUES))),
);
