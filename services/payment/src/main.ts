import 'reflect-metadata';
import { bootstrapService } from '@shop/server';
import { loadPaymentConfig } from './config/payment-config.js';
import { PaymentModule } from './payment.module.js';

const config = loadPaymentConfig();
await bootstrapService('payment', PaymentModule.forRoot(config), config, config.PAYMENT_HEALTH_PORT);
