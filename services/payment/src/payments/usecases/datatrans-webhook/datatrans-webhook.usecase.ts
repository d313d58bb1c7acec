import { Inject, Injectable } from '@nestjs/common';
import type { PaymentStatus } from '@shop/contracts';
import { LOGGER } from '@shop/server';
import type { Logger } from 'pino';
import { PaymentProviders } from '../../payment-providers.js';
import { PaymentSettlement } from '../shared/payment-settlement.js';

/**
 * payment.webhook.datatrans: a signed body naming a transaction; the signature is checked (a forged webhook is not
 * accepted), then the provider is asked for the transaction's status as for Mollie.
 */
@Injectable()
export class DatatransWebhook {
  constructor(
    private readonly providers: PaymentProviders,
    private readonly settlement: PaymentSettlement,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(
    rawBody: string,
    signature: string | null,
  ): Promise<{ accepted: boolean; status: PaymentStatus | null }> {
    if (!this.providers.datatrans.verifySignature(rawBody, signature)) {
      this.logger.warn('datatrans webhook with an invalid signature ignored');
      return { accepted: false, status: null };
    }
    let transactionId: unknown;
    try {
      transactionId = JSON.parse(rawBody)?.transactionId;
    } catch {
      /* signed but not JSON: nothing to do */
    }
    if (typeof transactionId !== 'string' && typeof transactionId !== 'number') return { accepted: true, status: null };
    return {
      accepted: true,
      status: (await this.settlement.checkQuietly('datatrans', String(transactionId)))?.status ?? null,
    };
  }
}
