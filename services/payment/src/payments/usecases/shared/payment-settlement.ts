import { Inject, Injectable } from '@nestjs/common';
import {
  FINAL_PAYMENT_STATUSES,
  type PaymentProvider,
  type PaymentSettledEvent,
  type PaymentStatus,
  type PaymentView,
} from '@shop/contracts';
import { addToOutbox, LOGGER, OUTBOX_RELAY, type OutboxKicker } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { minorUnits, type RemotePayment } from '../../../providers/provider.js';
import { PaymentProviders } from '../../payment-providers.js';
import type { PaymentEntity } from '../../payment.entity.js';
import { PaymentRepository } from '../../payment.repository.js';

export const PAYMENT_SETTLED = 'payment.payment.settled';

export const toView = (p: PaymentEntity): PaymentView => ({
  id: p.id,
  orderId: p.orderId,
  provider: p.provider,
  providerPaymentId: p.providerPaymentId,
  status: p.status,
  amount: p.amount,
  currency: p.currency,
  checkoutUrl: p.checkoutUrl,
});
export const isFinal = (s: PaymentStatus) => FINAL_PAYMENT_STATUSES.includes(s);
/** The provider charged exactly the order's amount (to the cent) in the order's currency. */
const coversOrder = (row: PaymentEntity, remote: RemotePayment) =>
  remote.amount !== null &&
  minorUnits(remote.amount) === minorUnits(Number(row.amount)) &&
  remote.currency?.toUpperCase() === row.currency.toUpperCase();

/**
 * The provider is the source of truth: webhooks, the customer's return, the staff re-check and the reconciler
 * all only say "ask the provider again" (`check`), and `settle` is the one code path that changes a payment's
 * status: under a row lock, only from open to a final status, with the settled event in the same transaction. So
 * repeated, concurrent or late webhooks change state once.
 */
@Injectable()
export class PaymentSettlement {
  constructor(
    private readonly ds: DataSource,
    private readonly payments: PaymentRepository,
    private readonly providers: PaymentProviders,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Asks the provider about a payment and settles it; the row as it is afterwards. */
  async check(row: PaymentEntity): Promise<PaymentEntity> {
    if (isFinal(row.status) || !row.providerPaymentId) return row;
    const remote = await this.providers.of(row.provider).fetchStatus(row.providerPaymentId);
    if (!remote) return row;
    if (remote.status === 'paid' && !coversOrder(row, remote)) {
      // paid, but not what the order costs (a manipulated checkout): never marked paid; staff see it failed
      const providerStatus = `amount-mismatch: ${remote.amount ?? '?'} ${remote.currency ?? '?'}`;
      this.logger.error(
        { paymentId: row.id, orderId: row.orderId, expected: [row.amount, row.currency], remote },
        'payment amount or currency differs from the order; not settled as paid',
      );
      return this.settle(row.id, 'failed', providerStatus);
    }
    return this.settle(row.id, remote.status, remote.providerStatus);
  }

  /**
   * A webhook's check: a payment we do not know changes nothing (null), and one that cannot be read right now is
   * answered null as well (the webhook is answered 200: the reconciler asks later).
   */
  async checkQuietly(provider: PaymentProvider, providerPaymentId: string): Promise<PaymentEntity | null> {
    try {
      const row = await this.payments.byProviderId(provider, providerPaymentId);
      return row ? await this.check(row) : null;
    } catch (err) {
      this.logger.warn(
        { err, provider, id: providerPaymentId },
        'payment status could not be read; the reconciler retries',
      );
      return null;
    }
  }

  /** The only code path that changes a payment's status. */
  private async settle(id: number, status: PaymentStatus, providerStatus: string): Promise<PaymentEntity> {
    const { row, changed } = await this.ds.transaction(async (m) => {
      const locked = await this.payments.lockById(m, id);
      if (!locked) throw new Error(`payment ${id} is gone`);
      const now = new Date();
      if (isFinal(locked.status) || status === 'open') {
        if (!isFinal(locked.status)) await this.payments.markChecked(m, id, providerStatus, now);
        return { row: locked, changed: false };
      }
      await this.payments.settle(m, id, { status, providerStatus, at: now });
      Object.assign(locked, { status, providerStatus, settledAt: now, lastCheckedAt: now });
      const event: PaymentSettledEvent = {
        paymentId: locked.id,
        orderId: locked.orderId,
        provider: locked.provider,
        // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a payment being settled was created at its provider, so it has its id
        providerPaymentId: locked.providerPaymentId!,
        status: status as PaymentSettledEvent['status'],
        at: now.toISOString(),
      };
      await addToOutbox(m, PAYMENT_SETTLED, event);
      return { row: locked, changed: true };
    });
    if (changed) {
      this.logger.info({ paymentId: id, orderId: row.orderId, status }, 'payment settled');
      void this.relay.kick();
    }
    return row;
  }
}
