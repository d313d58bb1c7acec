import { Inject, Injectable } from '@nestjs/common';
import type { PaymentView } from '@shop/contracts';
import { DomainException, LOGGER } from '@shop/server';
import type { Logger } from 'pino';
import { PaymentRepository } from '../../payment.repository.js';
import { PaymentSettlement, toView } from '../shared/payment-settlement.js';

/**
 * payment.payment.recheck: staff re-check of an order's payment (its latest); a provider that cannot be reached
 * is an error here (the user asked). null: the order has no payment.
 */
@Injectable()
export class RecheckPayment {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly settlement: PaymentSettlement,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(orderId: number): Promise<PaymentView | null> {
    const row = await this.payments.latestOfOrder(orderId);
    if (!row) return null;
    try {
      return toView(await this.settlement.check(row));
    } catch (err) {
      this.logger.warn({ err, orderId }, 'payment re-check failed');
      throw DomainException.of('SERVICE_UNAVAILABLE', 'backoffice.paymentCheckFailed');
    }
  }
}
