import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Periodic } from '@shop/server';
import type { Logger } from 'pino';
import type { PaymentConfig } from '../config/payment-config.js';
import { ReconcilePayments } from './usecases/reconcile-payments/reconcile-payments.usecase.js';

/** Runs ReconcilePayments on a schedule (one run at a time per process; settling is safe across processes). */
@Injectable()
export class PaymentReconciler {
  constructor(
    private readonly reconcile: ReconcilePayments,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Periodic('payment-reconcile', (c: PaymentConfig) => c.PAYMENT_RECONCILE_INTERVAL_MS)
  async run(): Promise<void> {
    const settled = await this.reconcile.execute();
    if (settled) this.logger.info({ settled }, 'reconciler settled payments');
  }
}
