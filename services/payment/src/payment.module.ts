import { Module } from '@nestjs/common';
import { STREAMS } from '@shop/contracts';
import { ServiceRoot } from '@shop/server';
import type { PaymentConfig } from './config/payment-config.js';
import { paymentDatabase } from './database/data-source.js';
import { PaymentController } from './payments/payment.controller.js';
import { PAYMENT_PROVIDERS } from './payments/payments.providers.js';
import { PaymentPrivacyController } from './privacy/payment-privacy.controller.js';
import { PaymentPrivacyRepository } from './privacy/payment-privacy.repository.js';
import { FindPaymentData } from './privacy/usecases/find-payment-data/find-payment-data.usecase.js';

/** The payment service: Mollie and Datatrans payments of online orders, webhooks, re-checks, reconciliation. */
@Module({})
export class PaymentModule extends ServiceRoot<PaymentConfig>({
  core: { name: 'payment', database: paymentDatabase, streams: [STREAMS.payment] },
  controllers: [PaymentController, PaymentPrivacyController],
  providers: [...PAYMENT_PROVIDERS, PaymentPrivacyRepository, FindPaymentData],
}) {}
