import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@shop/server';
import type { Logger } from 'pino';
import { PaymentRepository } from '../../payment.repository.js';
import { PaymentSettlement } from '../shared/payment-settlement.js';

/**
 * payment.payment.returned: the customer is back from the provider's page: paid or still pending → the order's
 * status page, otherwise the checkout's error page; an unknown reference → the home page.
 */
@Injectable()
export class PaymentReturned {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly settlement: PaymentSettlement,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(reference: string): Promise<{ location: string }> {
    const row = await this.payments.byReference(reference);
    if (!row) return { location: '/' };
    let current = row;
    try {
      current = await this.settlement.check(row);
    } catch (err) {
      this.logger.warn({ err, paymentId: row.id }, 'payment status could not be read on return');
    }
    return {
      location: current.status === 'open' || current.status === 'paid' ? current.successPath : current.failurePath,
    };
  }
}
