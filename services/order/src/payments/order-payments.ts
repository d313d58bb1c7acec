import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Actor, PaymentSettledEvent, StaffOrder } from '@shop/contracts';
import {
  addJobToOutbox,
  addToOutbox,
  CONFIG,
  DomainException,
  DurableConsumer,
  LOGGER,
  NATS_CONNECTION,
  OUTBOX_RELAY,
  PeriodicTasks,
  ServiceBus,
  type OutboxKicker,
} from '@shop/server';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogueContextCache } from '../catalogue-context/catalogue-context.cache.js';
import type { OrderConfig } from '../config/order-config.js';
import { orderEvent } from '../orders/order-events.js';
import { createdJobs, isOnlinePayment, storedOrderSnapshot } from '../orders/order-snapshot.js';
import { OrderRepository } from '../orders/order.repository.js';
import { GetOrder } from '../orders/usecases/get-order/get-order.usecase.js';
import { OrderPaymentRepository } from './order-payment.repository.js';

/** How far back the sweep looks for unpaid online orders (providers expire open payments much sooner). */
const SWEEP_MAX_AGE_MS = 48 * 3_600_000;

/**
 * The order side of online payments once the order is placed (CreateOrder starts the payment): applies settled
 * payments from the PAYMENTS stream (durable consumer, idempotent by the order's row lock and flags), re-checks on
 * staff request, and sweeps unpaid online orders for final payments whose settled event never arrived.
 */
@Injectable()
export class OrderPayments implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private consumer: DurableConsumer<'payment'> | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: ServiceBus,
    private readonly catalogue: CatalogueContextCache,
    private readonly orders: OrderRepository,
    private readonly unpaid: OrderPaymentRepository,
    private readonly getOrder: GetOrder,
    private readonly tasks: PeriodicTasks,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(CONFIG) private readonly config: OrderConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    this.consumer = new DurableConsumer({
      nc: this.nc,
      prefix: this.config.NATS_SUBJECT_PREFIX,
      stream: 'payment',
      durable: 'order-payments',
      logger: this.logger,
      handle: async ({ payload }) => void (await this.apply(payload)),
    });
    await this.consumer.start();
    this.tasks.every('order-payment-sweep', this.config.ORDER_PAYMENT_SWEEP_INTERVAL_MS, async () => {
      const applied = await this.sweep();
      if (applied) this.logger.warn({ applied }, 'payments applied by the sweep: their settled events had not arrived');
    });
  }

  /** before the database and NATS close (their onApplicationShutdown): a payment being applied is finished first */
  async beforeApplicationShutdown() {
    await this.consumer?.stop();
  }

  /**
   * The safety net behind the PAYMENTS stream: unpaid online orders old enough that their settled event should
   * have come ask the payment service for a final payment, and apply it through the same function (once).
   */
  async sweep(now = new Date()): Promise<number> {
    const orders = await this.unpaid.onlineOrders(
      new Date(now.getTime() - SWEEP_MAX_AGE_MS),
      new Date(now.getTime() - this.config.ORDER_PAYMENT_SWEEP_MIN_AGE_MS),
    );
    if (!orders.length) return 0;
    const payments = await this.bus.request('payment.payment.list-final', { orderIds: orders });
    let applied = 0;
    for (const p of payments) {
      const event: PaymentSettledEvent = {
        paymentId: p.id,
        orderId: p.orderId,
        provider: p.provider,
        // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a final payment has its provider id (list-final)
        providerPaymentId: p.providerPaymentId!,
        status: p.status as PaymentSettledEvent['status'],
        at: now.toISOString(),
      };
      if (await this.apply(event)) applied++;
    }
    return applied;
  }

  /** A settled payment: paid → isPaid and the new-order jobs; failed, canceled or expired → isFailed. Once. */
  async apply(event: PaymentSettledEvent): Promise<boolean> {
    const run = async (tx: EntityManager) => {
      const order = await this.orders.lockById(tx, event.orderId);
      if (!order || order.isPaid || (event.status !== 'paid' && order.isFailed)) return false;
      if (event.status === 'paid') {
        const ctx = await this.catalogue.get(order.branchId);
        if (!ctx) throw new Error(`catalogue context of branch ${order.branchId} unavailable`); // redelivered later
        order.isPaid = true;
        order.isFailed = false;
        for (const job of createdJobs(await storedOrderSnapshot(tx, order, ctx), ctx)) await addJobToOutbox(tx, job);
      } else {
        order.isFailed = true;
      }
      await tx.save(order);
      await addToOutbox(
        tx,
        'order.order.updated',
        orderEvent(order, 'updated', event.status === 'paid' ? 'paid' : 'payment-failed'),
      );
      return true;
    };
    const changed = await this.ds.transaction(run);
    if (changed) {
      this.logger.info({ orderId: event.orderId, status: event.status }, 'payment applied to order');
      void this.relay.kick();
    }
    return changed;
  }

  /** POST /orders/{id}/update-payment-status: asks the payment service (which asks the provider) and applies the answer now. */
  async recheck(actor: Actor | null, id: number): Promise<StaffOrder> {
    const before = await this.getOrder.execute(actor, id);
    if (!isOnlinePayment(before.paymentMethod)) throw DomainException.of('CONFLICT', 'payment.notOnline');
    const payment = await this.bus.request('payment.payment.recheck', { orderId: id });
    if (payment && payment.status !== 'open' && payment.providerPaymentId) {
      await this.apply({
        paymentId: payment.id,
        orderId: id,
        provider: payment.provider,
        providerPaymentId: payment.providerPaymentId,
        status: payment.status,
        at: new Date().toISOString(),
      });
    }
    return this.getOrder.execute(actor, id);
  }
}
