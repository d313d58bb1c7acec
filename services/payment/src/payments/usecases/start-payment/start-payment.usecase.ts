import { Inject, Injectable } from '@nestjs/common';
import type { PaymentView, StartPaymentRequest } from '@shop/contracts';
import { CONFIG, DomainException, LOGGER } from '@shop/server';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { PROVIDER_TIMEOUT_HEADROOM_MS, type PaymentConfig } from '../../../config/payment-config.js';
import type { PaymentProviderAdapter } from '../../../providers/provider.js';
import { PaymentProviders } from '../../payment-providers.js';
import type { PaymentEntity } from '../../payment.entity.js';
import { PaymentRepository } from '../../payment.repository.js';
import { toView } from '../shared/payment-settlement.js';

/** how often a replayed start looks whether the first caller's provider answer is recorded */
const INTENT_POLL_MS = 50;

/**
 * payment.payment.start: creates the order's payment at the provider, or answers the one that exists (a replayed
 * order request). No pooled connection is held while the provider is asked: a short transaction records the
 * intent (our reference, no provider id yet), the provider is called with that reference, and a second short
 * transaction records its answer. A slow provider therefore never drains the pool. A second caller for the same
 * order (a replay) waits for the first one's answer; an intent left behind by a crashed caller is taken over after
 * the provider time-out, with the same reference.
 */
@Injectable()
export class StartPayment {
  constructor(
    private readonly ds: DataSource,
    private readonly payments: PaymentRepository,
    private readonly providers: PaymentProviders,
    @Inject(CONFIG) private readonly config: PaymentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(req: StartPaymentRequest): Promise<PaymentView> {
    const adapter = this.providers.of(req.provider);
    if (!adapter.configured) throw DomainException.of('SERVICE_UNAVAILABLE', 'payment.unavailable');
    const deadline = Date.now() + this.config.PAYMENT_PROVIDER_TIMEOUT_MS;
    for (;;) {
      const claim = await this.claimIntent(req);
      if ('done' in claim) return toView(claim.done);
      if ('mine' in claim) return this.createAtProvider(adapter, req, claim.mine);
      // another caller is asking the provider for this order right now: its answer is ours too
      if (Date.now() > deadline) throw DomainException.of('SERVICE_UNAVAILABLE', 'payment.unavailable');
      await new Promise((resolve) => setTimeout(resolve, INTENT_POLL_MS));
    }
  }

  /**
   * One short transaction: the order's payment as it stands, or a claim on it for this caller. The intent is
   * claimed by stamping `lastCheckedAt`; a claim older than the provider time-out (its caller crashed or gave up
   * without cleaning up) may be taken over.
   */
  private claimIntent(
    req: StartPaymentRequest,
  ): Promise<{ done: PaymentEntity } | { mine: PaymentEntity } | { busy: true }> {
    return this.ds.transaction(async (m) => {
      await this.payments.lockOrderStart(m, req.orderId);
      const existing = await this.payments.latestOfOrder(req.orderId, m);
      if (existing?.providerPaymentId) return { done: existing };
      const now = new Date();
      if (existing) {
        const claimedAt = existing.lastCheckedAt?.getTime() ?? 0;
        if (now.getTime() - claimedAt <= this.config.PAYMENT_PROVIDER_TIMEOUT_MS + PROVIDER_TIMEOUT_HEADROOM_MS)
          return { busy: true };
        await this.payments.claim(m, existing.id, now);
        return { mine: { ...existing, lastCheckedAt: now } as PaymentEntity };
      }
      const intent = await this.payments.insertIntent(m, {
        orderId: req.orderId,
        reference: randomBytes(16).toString('base64url'),
        provider: req.provider,
        providerPaymentId: null,
        status: 'open',
        amount: req.amount,
        currency: req.currency,
        checkoutUrl: null,
        successPath: req.successPath,
        failurePath: req.failurePath,
        providerStatus: null,
        settledAt: null,
        // the claim's time: who holds the intent, since when
        lastCheckedAt: now,
      });
      return { mine: intent };
    });
  }

  /** The provider call, with no connection held; its answer (or the failure) is recorded in a transaction of its own. */
  private async createAtProvider(
    adapter: PaymentProviderAdapter,
    req: StartPaymentRequest,
    intent: PaymentEntity,
  ): Promise<PaymentView> {
    const base = this.config.PUBLIC_BASE_URL.replace(/\/$/, '');
    let created;
    try {
      created = await adapter.create({
        reference: intent.reference,
        amount: req.amount,
        currency: req.currency,
        description: req.description,
        orderId: req.orderId,
        returnUrl: `${base}/api/payments/return/${intent.reference}`,
        webhookUrl: `${base}/api/payments/${req.provider}/webhook`,
      });
    } catch (err) {
      this.logger.error(
        { err, orderId: req.orderId, provider: req.provider },
        'payment could not be created at the provider',
      );
      // the intent holds nothing the provider knows of: a retry of the order starts afresh
      await this.payments.dropIntent(intent);
      throw DomainException.of('SERVICE_UNAVAILABLE', 'payment.unavailable');
    }
    if (!(await this.payments.recordCreated(intent.id, created))) {
      // a caller that took the intent over was answered first: its payment is the order's
      this.logger.warn(
        { orderId: req.orderId, providerPaymentId: created.providerPaymentId },
        'payment created twice at the provider; the first recorded one counts',
      );
    }
    const row = await this.payments.byId(intent.id);
    // recorded with a provider id, a payment is never deleted
    if (!row) throw new Error(`payment ${intent.id} is gone`);
    return toView(row);
  }
}
