import { Injectable } from '@nestjs/common';
import type { PaymentStatus } from '@shop/contracts';
import { PaymentSettlement } from '../shared/payment-settlement.js';

/**
 * payment.webhook.mollie: Mollie names a payment by its id only; the provider is asked for its status (an unknown
 * id changes nothing; a provider that cannot be asked right now is left to the reconciler).
 */
@Injectable()
export class MollieWebhook {
  constructor(private readonly settlement: PaymentSettlement) {}

  async execute(id: string): Promise<{ status: PaymentStatus | null }> {
    return { status: (await this.settlement.checkQuietly('mollie', id))?.status ?? null };
  }
}
