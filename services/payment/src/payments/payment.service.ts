import { Inject, Injectable } from '@nestjs/common';
import {
  FINAL_PAYMENT_STATUSES,
  type PaymentProvider,
  type PaymentSettledEvent,
  type PaymentStatus,
  type PaymentView,
  type StartPaymentRequest,
} from '@shop/contracts';
import {
  addToOutbox,
  CONFIG,
  DomainException,
  LOGGER,
  OUTBOX_RELAY,
  parseOrThrow,
  type OutboxKicker,
} from '@shop/server';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource, In, IsNull } from 'typeorm';
import { z } from 'zod';
import { PROVIDER_TIMEOUT_HEADROOM_MS, type PaymentConfig } from '../config/payment-config.js';
import { DatatransAdapter } from '../providers/datatrans.adapter.js';
import { MollieAdapter } from '../providers/mollie.adapter.js';
import { minorUnits, type PaymentProviderAdapter, type RemotePayment } from '../providers/provider.js';
import { PaymentEntity } from './payment.entity.js';

export const PAYMENT_SETTLED = 'payment.payment.settled';

const toView = (p: PaymentEntity): PaymentView => ({
  id: p.id,
  orderId: p.orderId,
  provider: p.provider,
  providerPaymentId: p.providerPaymentId,
  status: p.status,
  amount: p.amount,
  currency: p.currency,
  checkoutUrl: p.checkoutUrl,
});
const isFinal = (s: PaymentStatus) => FINAL_PAYMENT_STATUSES.includes(s);
/** The provider charged exactly the order's amount (to the cent) in the order's currency. */
const coversOrder = (row: PaymentEntity, remote: RemotePayment) =>
  remote.amount !== null &&
  minorUnits(remote.amount) === minorUnits(Number(row.amount)) &&
  remote.currency?.toUpperCase() === row.currency.toUpperCase();
/** how often a replayed start looks whether the first caller's provider answer is recorded */
const INTENT_POLL_MS = 50;
const OrderIdsInput = z.object({ orderIds: z.array(z.number().int().positive()).max(500) });

/**
 * Online payments. The provider is the source of truth: webhooks, the customer's return, the staff re-check
 * and the reconciler all only say "ask the provider again", and `settle` is the one code path that changes
 * a payment's status: under a row lock, only from open to a final status, with the settled event in the
 * same transaction. So repeated, concurrent or late webhooks change state once.
 */
@Injectable()
export class PaymentService {
  readonly mollie: MollieAdapter;
  readonly datatrans: DatatransAdapter;
  private readonly adapters: Record<PaymentProvider, PaymentProviderAdapter>;

  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: PaymentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.mollie = new MollieAdapter(config);
    this.datatrans = new DatatransAdapter(config);
    this.adapters = { mollie: this.mollie, datatrans: this.datatrans };
  }

  /**
   * Creates the order's payment at the provider, or answers the one that exists (a replayed order request).
   * No pooled connection is held while the provider is asked: a short transaction records the intent (our
   * reference, no provider id yet), the provider is called with that reference, and a second short transaction
   * records its answer. A slow provider therefore never drains the pool. A second caller for the same order
   * (a replay) waits for the first one's answer; an intent left behind by a crashed caller is taken over after
   * the provider time-out, with the same reference.
   */
  async start(req: StartPaymentRequest): Promise<PaymentView> {
    const adapter = this.adapters[req.provider];
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
      await m.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7))', [`payment-start-${req.orderId}`]);
      const existing = await m.findOne(PaymentEntity, { where: { orderId: req.orderId }, order: { id: 'DESC' } });
      if (existing?.providerPaymentId) return { done: existing };
      const now = new Date();
      if (existing) {
        const claimedAt = existing.lastCheckedAt?.getTime() ?? 0;
        if (now.getTime() - claimedAt <= this.config.PAYMENT_PROVIDER_TIMEOUT_MS + PROVIDER_TIMEOUT_HEADROOM_MS)
          return { busy: true };
        await m.update(PaymentEntity, existing.id, { lastCheckedAt: now });
        return { mine: { ...existing, lastCheckedAt: now } as PaymentEntity };
      }
      const intent = await m.save(
        m.create(PaymentEntity, {
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
        }),
      );
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
      await this.ds
        .getRepository(PaymentEntity)
        .delete({ id: intent.id, providerPaymentId: IsNull(), lastCheckedAt: intent.lastCheckedAt ?? IsNull() });
      throw DomainException.of('SERVICE_UNAVAILABLE', 'payment.unavailable');
    }
    const recorded = await this.ds.getRepository(PaymentEntity).update(
      { id: intent.id, providerPaymentId: IsNull() },
      {
        providerPaymentId: created.providerPaymentId,
        checkoutUrl: created.checkoutUrl,
        providerStatus: created.providerStatus,
        lastCheckedAt: null,
      },
    );
    if (!recorded.affected) {
      // a caller that took the intent over was answered first: its payment is the order's
      this.logger.warn(
        { orderId: req.orderId, providerPaymentId: created.providerPaymentId },
        'payment created twice at the provider; the first recorded one counts',
      );
    }
    return toView(await this.ds.getRepository(PaymentEntity).findOneByOrFail({ id: intent.id }));
  }

  /** Asks the provider about a payment and settles it; null for a payment we do not know (nothing changes). */
  async check(provider: PaymentProvider, providerPaymentId: string): Promise<PaymentEntity | null> {
    const row = await this.ds.getRepository(PaymentEntity).findOneBy({ provider, providerPaymentId });
    return row ? this.checkRow(row) : null;
  }

  private async checkRow(row: PaymentEntity): Promise<PaymentEntity> {
    if (isFinal(row.status) || !row.providerPaymentId) return row;
    const remote = await this.adapters[row.provider].fetchStatus(row.providerPaymentId);
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

  /** The only code path that changes a payment's status. */
  private async settle(id: number, status: PaymentStatus, providerStatus: string): Promise<PaymentEntity> {
    const { row, changed } = await this.ds.transaction(async (m) => {
      const locked = await m.findOneOrFail(PaymentEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (isFinal(locked.status) || status === 'open') {
        if (!isFinal(locked.status)) await m.update(PaymentEntity, id, { lastCheckedAt: new Date(), providerStatus });
        return { row: locked, changed: false };
      }
      Object.assign(locked, { status, providerStatus, settledAt: new Date(), lastCheckedAt: new Date() });
      await m.save(locked);
      const event: PaymentSettledEvent = {
        paymentId: locked.id,
        orderId: locked.orderId,
        provider: locked.provider,
        // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a payment being settled was created at its provider, so it has its id
        providerPaymentId: locked.providerPaymentId!,
        status: status as PaymentSettledEvent['status'],
        // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- settledAt was set just above
        at: locked.settledAt!.toISOString(),
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

  async mollieWebhook(id: string): Promise<PaymentStatus | null> {
    return (await this.safeCheck('mollie', id))?.status ?? null;
  }

  async datatransWebhook(
    rawBody: string,
    signature: string | null,
  ): Promise<{ accepted: boolean; status: PaymentStatus | null }> {
    if (!this.datatrans.verifySignature(rawBody, signature)) {
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
    return { accepted: true, status: (await this.safeCheck('datatrans', String(transactionId)))?.status ?? null };
  }

  /** A webhook is answered 200 even when the provider cannot be asked right now: the reconciler asks later. */
  private async safeCheck(provider: PaymentProvider, id: string): Promise<PaymentEntity | null> {
    try {
      return await this.check(provider, id);
    } catch (err) {
      this.logger.warn({ err, provider, id }, 'payment status could not be read; the reconciler retries');
      return null;
    }
  }

  /** The customer is back from the provider's page: paid or still pending → status page, otherwise checkout error. */
  async returned(reference: string): Promise<{ location: string }> {
    const row = await this.ds.getRepository(PaymentEntity).findOneBy({ reference });
    if (!row) return { location: '/' };
    let current = row;
    try {
      current = await this.checkRow(row);
    } catch (err) {
      this.logger.warn({ err, paymentId: row.id }, 'payment status could not be read on return');
    }
    return {
      location: current.status === 'open' || current.status === 'paid' ? current.successPath : current.failurePath,
    };
  }

  /** Staff re-check of an order's payment; a provider that cannot be reached is an error here (the user asked). */
  async recheck(orderId: number): Promise<PaymentView | null> {
    const row = await this.ds.getRepository(PaymentEntity).findOne({ where: { orderId }, order: { id: 'DESC' } });
    if (!row) return null;
    try {
      return toView(await this.checkRow(row));
    } catch (err) {
      this.logger.warn({ err, orderId }, 'payment re-check failed');
      throw DomainException.of('SERVICE_UNAVAILABLE', 'backoffice.paymentCheckFailed');
    }
  }

  /**
   * The final payments of these orders, as stored. The order service asks for its unpaid online orders, so a
   * settled event that never reached it (a lost stream, a reset consumer) is applied all the same.
   */
  async listFinal(payload: unknown): Promise<PaymentView[]> {
    const { orderIds } = parseOrThrow(OrderIdsInput, payload);
    if (!orderIds.length) return [];
    const rows = await this.ds
      .getRepository(PaymentEntity)
      .findBy({ orderId: In(orderIds), status: In([...FINAL_PAYMENT_STATUSES]) });
    return rows.map(toView);
  }

  /** Open payments old enough that a webhook should have come: asked again (a lost webhook never leaves them open). */
  async reconcile(now = new Date()): Promise<number> {
    const rows = await this.ds
      .getRepository(PaymentEntity)
      .createQueryBuilder('p')
      .where('p.status = :open', { open: 'open' })
      .andWhere('p."providerPaymentId" IS NOT NULL')
      .andWhere('p."createdAt" <= :young', {
        young: new Date(now.getTime() - this.config.PAYMENT_RECONCILE_MIN_AGE_MS),
      })
      .andWhere('p."createdAt" >= :old', {
        old: new Date(now.getTime() - this.config.PAYMENT_RECONCILE_MAX_AGE_HOURS * 3_600_000),
      })
      .orderBy('p."lastCheckedAt"', 'ASC', 'NULLS FIRST')
      .limit(100)
      .getMany();
    let settled = 0;
    for (const row of rows) {
      try {
        if (isFinal((await this.checkRow(row)).status)) settled++;
      } catch (err) {
        this.logger.warn({ err, paymentId: row.id }, 'reconciler could not read a payment status');
      }
    }
    return settled;
  }
}
