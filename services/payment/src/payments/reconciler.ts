import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, LOGGER, PeriodicTasks } from '@shop/server';
import type { Logger } from 'pino';
import type { PaymentConfig } from '../config/payment-config.js';
import { ReconcilePayments } from './usecases/reconcile-payments/reconcile-payments.usecase.js';

/** Runs ReconcilePayments on a schedule (one run at a time per process; settling is safe across processes). */
@Injectable()
export class PaymentReconciler implements OnApplicationBootstrap {
  constructor(
    private readonly reconcile: ReconcilePayments,
    private readonly tasks: PeriodicTasks,
    @Inject(CONFIG) private readonly config: PaymentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.tasks.every('payment-reconcile', this.config.PAYMENT_RECONCILE_INTERVAL_MS, async () => {
      const settled = await this.reconcile.execute();
      if (settled) this.logger.info({ settled }, 'reconciler settled payments');
    });
  }
}
