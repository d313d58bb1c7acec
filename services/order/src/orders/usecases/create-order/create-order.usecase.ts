import { Inject, Injectable } from '@nestjs/common';
import type { OrderForm, OrderOrigin, PublicOrder } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { CONFIG, DomainException, OUTBOX_RELAY, ServiceBus, type OutboxKicker } from '@shop/server';
import { DataSource } from 'typeorm';
import { CatalogueContextCache } from '../../../catalogue-context/catalogue-context.cache.js';
import type { OrderConfig } from '../../../config/order-config.js';
import { isOnlinePayment } from '../../order-snapshot.js';
import { OrderGroupCommit } from '../../order-group-commit.js';
import { OrderWriteRepository } from '../../order-write.repository.js';
import { OrderEntity } from '../../order.entity.js';
import { requestHash as requestHashOf } from '../../request-hash.js';
import { newOrder } from './new-order.js';
import { OrderFormCheck, type CheckedOrder } from './order-form.js';

/** how many order ids a process takes from the sequence at once */
const ID_BLOCK = 50;

export type CreateResult = { status: 200 | 201; order: PublicOrder; replayed?: true };

/**
 * POST /api/orders: the form checked (OrderFormCheck), the order written with its lines, its event and jobs, and its
 * idempotency record by one statement with the other orders arriving now (OrderGroupCommit), and an online order's
 * payment started.
 */
@Injectable()
export class CreateOrder {
  constructor(
    private readonly ds: DataSource,
    private readonly forms: OrderFormCheck,
    private readonly orders: OrderWriteRepository,
    private readonly groupCommit: OrderGroupCommit,
    private readonly catalogue: CatalogueContextCache,
    private readonly bus: ServiceBus,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: OrderConfig,
  ) {}

  /** ids taken from the sequence and not used yet (nextId) */
  private readonly spareIds: number[] = [];

  async execute(
    body: unknown,
    idempotencyKey: string | null,
    now = new Date(),
    origin: OrderOrigin = 'storefront',
  ): Promise<CreateResult> {
    const requestHash = requestHashOf(body);
    const form = await this.forms.parse(body, now);
    const result = await this.place(form, now, idempotencyKey, requestHash, origin);
    // no connection is held while the payment service (and its provider) is asked, also for a replay: a slow
    // provider must not hold pooled connections (issue 15, item 10). An online order is stored (unpaid) before the
    // provider is asked: if that fails, the same request with the same Idempotency-Key replays the order and asks
    // again
    return { ...result, order: await this.startPayment(result.order) };
  }

  /**
   * The order written together with the others arriving now (OrderGroupCommit: one statement and one commit, which
   * also claims each Idempotency-Key; issue 45). A key already taken answers what it answered the first time (422
   * for another body), looked up only then; a key whose order is being written by another request at this moment
   * answers 409.
   */
  private async place(
    form: OrderForm,
    now: Date,
    idempotencyKey: string | null,
    requestHash: string,
    origin: OrderOrigin,
  ): Promise<CreateResult> {
    let checked: CheckedOrder;
    try {
      checked = await this.forms.check(form, now);
    } catch (err) {
      // a replay answers as the first time did, even if the order would not validate any more
      const first = idempotencyKey ? await this.replay(idempotencyKey, requestHash) : null;
      if (first) return first;
      throw err;
    }
    const order = newOrder(this.ds, checked, { id: await this.nextId(), idempotencyKey, requestHash, origin });
    const { locked, ticket } = await this.groupCommit.write(order);
    if (!locked) throw DomainException.of('CONFLICT', 'order.idempotencyInFlight');
    if (ticket !== null) {
      void this.relay.kick();
      return { status: 201, order: { ...order.answer, ticketNumber: ticket } };
    }
    // nothing written means the key was taken before this statement: its first answer (a key the retention
    // deleted meanwhile is gone for good, and the same request writes its order on the next try)
    const first = idempotencyKey ? await this.replay(idempotencyKey, requestHash) : null;
    if (!first) throw DomainException.of('CONFLICT', 'order.idempotencyInFlight');
    return first;
  }

  /**
   * Order ids from the sequence, ID_BLOCK at a time: one round trip per block instead of one per order (issue
   * 22). Ids a process did not use when it stopped are gaps, as a refused form or a replay leaves; within one
   * process ids rise with time, across replicas their blocks interleave (nothing orders by id across them).
   */
  private async nextId(): Promise<number> {
    for (;;) {
      const id = this.spareIds.shift();
      if (id !== undefined) return id;
      // two requests may both have found none: each adds its block
      this.spareIds.push(...(await this.orders.onOneConnection((runner) => this.orders.nextIds(runner, ID_BLOCK))));
    }
  }

  /**
   * The first answer for this key (same body), 422 for another body, null when the key is new or expired. The
   * stored answer was written before its ticket number was drawn (the same statement): the order has it.
   */
  private async replay(key: string, requestHash: string): Promise<CreateResult | null> {
    const row = await this.orders.onOneConnection((runner) => this.orders.firstAnswer(runner, key));
    if (!row || row.createdAt.getTime() < Date.now() - this.config.IDEMPOTENCY_TTL_HOURS * 3_600_000) return null;
    if (row.requestHash !== requestHash) {
      throw DomainException.of('VALIDATION_FAILED', 'order.idempotencyMismatch', undefined, 'Idempotency-Key');
    }
    const order = row.response as PublicOrder;
    const ticketNumber = row.ticketNumber ?? order.ticketNumber;
    return { status: row.status as 201, order: { ...order, ticketNumber }, replayed: true };
  }

  /**
   * An online order's answer gets the provider's payment page. Idempotent: a replayed order request gets the
   * same payment; a paid one gets no redirect.
   */
  private async startPayment(answer: PublicOrder): Promise<PublicOrder> {
    if (!isOnlinePayment(answer.paymentMethod) || answer.isPaid) return answer;
    const order = await this.ds.getRepository(OrderEntity).findOneByOrFail({ id: answer.id });
    const ctx = await this.catalogue.get(order.branchId);
    if (!ctx) throw DomainException.of('SERVICE_UNAVAILABLE', 'payment.unavailable');
    const payment = await this.bus.request('payment.payment.start', {
      orderId: order.id,
      provider: answer.paymentMethod,
      amount: order.totalGross,
      currency: ctx.config.currency || 'EUR',
      description: t('orderMessages.paymentDescription', { id: order.id, branch: ctx.branch.name }),
      successPath: `/status/${order.uid}/${order.hash}`,
      failurePath: `/store/${ctx.branch.identifier}/checkout/error`,
    });
    if (payment.status === 'paid') return { ...answer, isPaid: true, paymentRedirectUrl: null };
    if (payment.checkoutUrl && order.paymentRedirectUrl !== payment.checkoutUrl) {
      await this.ds.getRepository(OrderEntity).update(order.id, { paymentRedirectUrl: payment.checkoutUrl });
    }
    return { ...answer, paymentRedirectUrl: payment.checkoutUrl };
  }
}
