import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER } from '@shop/server';
import type { Logger } from 'pino';
import type { PaymentConfig } from '../../../config/payment-config.js';
import { PaymentRepository } from '../../payment.repository.js';
import { isFinal, PaymentSettlement } from '../shared/payment-settlement.js';

/**
 * The reconciler's run (PaymentReconciler, on a schedule): open payments old enough that a webhook should have
 * come are asked again, so a lost webhook never leaves them open. Answers how many it settled.
 */
@Injectable()
export class ReconcilePayments {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly settlement: PaymentSettlement,
    @Inject(CONFIG) private readonly config: PaymentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(now = new Date()): Promise<number> {
    const rows = await this.payments.dueForReconcile(
      new Date(now.getTime() - this.config.PAYMENT_RECONCILE_MIN_AGE_MS),
      new Date(now.getTime() - this.config.PAYMENT_RECONCILE_MAX_AGE_HOURS * 3_600_000),
    );
    let settled = 0;
    for (const row of rows) {
      try {
        if (isFinal((await this.settlement.check(row)).status)) settled++;
      } catch (err) {
        this.logger.warn({ err, paymentId: row.id }, 'reconciler could not read a payment status');
      }
    }
    return settled;
  }
}
