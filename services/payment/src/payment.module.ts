import { Module, type DynamicModule } from '@nestjs/common';
import { STREAMS } from '@shop/contracts';
import { ServiceCoreModule } from '@shop/server';
import type { PaymentConfig } from './config/payment-config.js';
import { PAYMENT_MIGRATIONS } from './database/migrations/index.js';
import { PAYMENT_ENTITIES, PAYMENT_SCHEMA } from './payment.entities.js';
import { PaymentController } from './payments/payment.controller.js';
import { PAYMENT_PROVIDERS } from './payments/payments.providers.js';

/** The payment service: Mollie and Datatrans payments of online orders, webhooks, re-checks, reconciliation. */
@Module({})
export class PaymentModule {
  static forRoot(config: PaymentConfig): DynamicModule {
    return {
      module: PaymentModule,
      imports: [
        ServiceCoreModule.forService({
          name: 'payment',
          config,
          schema: PAYMENT_SCHEMA,
          entities: PAYMENT_ENTITIES,
          migrations: PAYMENT_MIGRATIONS,
          streams: [STREAMS.payment],
        }),
      ],
      controllers: [PaymentController],
      providers: PAYMENT_PROVIDERS,
    };
  }
}
