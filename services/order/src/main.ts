import 'reflect-metadata';
import { bootstrapService } from '@shop/server';
import { loadOrderConfig } from './config/order-config.js';
import { OrderModule } from './order.module.js';

const config = loadOrderConfig();
await bootstrapService('order', OrderModule.forRoot(config), config, config.ORDER_HEALTH_PORT);
