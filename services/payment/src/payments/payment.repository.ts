import { Injectable } from '@nestjs/common';
import { FINAL_PAYMENT_STATUSES, type PaymentProvider, type PaymentStatus } from '@shop/contracts';
import { GenerateSql } from '@shop/server';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import type { ProviderPayment } from '../providers/provider.js';
import { PaymentEntity } from './payment.entity.js';

/** A payment intent's fields before the provider knows of it. */
export type NewPayment = Omit<PaymentEntity, 'id' | 'createdAt' | 'updatedAt'>;

const INTENT: NewPayment = {
  orderId: 1,
  reference: 'reference-1',
  provider: 'mollie',
  providerPaymentId: null,
  status: 'open',
  amount: 23.5,
  currency: 'EUR',
  checkoutUrl: null,
  successPath: '/bestellung/1',
  failurePath: '/kasse',
  providerStatus: null,
  settledAt: null,
  lastCheckedAt: new Date('2026-03-02T10:17:00Z'),
};

/** The payment table's reads and writes (the caller's transaction where one is passed). */
@Injectable()
export class PaymentRepository {
  constructor(private readonly ds: DataSource) {}

  /** One caller at a time starts an order's payment, until the transaction ends. */
  @GenerateSql({ params: ({ manager }) => [manager, 1] })
  async lockOrderStart(m: EntityManager, orderId: number): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7))', [`payment-start-${orderId}`]);
  }

  /** The order's latest payment. */
  @GenerateSql({ params: [1] })
  latestOfOrder(orderId: number, m: EntityManager = this.ds.manager): Promise<PaymentEntity | null> {
    return m.findOne(PaymentEntity, { where: { orderId }, order: { id: 'DESC' } });
  }

  /** Stamps who holds an intent since when (`lastCheckedAt`), in the caller's transaction. */
  @GenerateSql({ params: ({ manager }) => [manager, 1, new Date('2026-03-02T10:17:00Z')] })
  async claim(m: EntityManager, id: number, at: Date): Promise<void> {
    await m.update(PaymentEntity, id, { lastCheckedAt: at });
  }

  @GenerateSql({ params: ({ manager }) => [manager, INTENT] })
  insertIntent(m: EntityManager, intent: NewPayment): Promise<PaymentEntity> {
    return m.save(m.create(PaymentEntity, intent));
  }

  /** Deletes an intent the provider does not know of, unless another caller has taken it over meanwhile. */
  @GenerateSql({ params: [{ id: 1, lastCheckedAt: new Date('2026-03-02T10:17:00Z') }] })
  async dropIntent(intent: Pick<PaymentEntity, 'id' | 'lastCheckedAt'>): Promise<void> {
    await this.ds
      .getRepository(PaymentEntity)
      .delete({ id: intent.id, providerPaymentId: IsNull(), lastCheckedAt: intent.lastCheckedAt ?? IsNull() });
  }

  /** Records the provider's payment on the intent; false when another caller's was recorded first. */
  @GenerateSql({
    params: [1, { providerPaymentId: 'tr_1', checkoutUrl: 'https://pay/tr_1', status: 'open', providerStatus: 'open' }],
  })
  async recordCreated(id: number, created: ProviderPayment): Promise<boolean> {
    const recorded = await this.ds.getRepository(PaymentEntity).update(
      { id, providerPaymentId: IsNull() },
      {
        providerPaymentId: created.providerPaymentId,
        checkoutUrl: created.checkoutUrl,
        providerStatus: created.providerStatus,
        lastCheckedAt: null,
      },
    );
    return !!recorded.affected;
  }

  @GenerateSql({ params: [1] })
  byId(id: number): Promise<PaymentEntity | null> {
    return this.ds.getRepository(PaymentEntity).findOneBy({ id });
  }

  @GenerateSql({ params: ['mollie', 'tr_1'] })
  byProviderId(provider: PaymentProvider, providerPaymentId: string): Promise<PaymentEntity | null> {
    return this.ds.getRepository(PaymentEntity).findOneBy({ provider, providerPaymentId });
  }

  @GenerateSql({ params: ['reference-1'] })
  byReference(reference: string): Promise<PaymentEntity | null> {
    return this.ds.getRepository(PaymentEntity).findOneBy({ reference });
  }

  /** The payment to be settled, row-locked in the caller's transaction. */
  @GenerateSql({ params: ({ manager }) => [manager, 1] })
  lockById(m: EntityManager, id: number): Promise<PaymentEntity | null> {
    return m.findOne(PaymentEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** An open payment was asked about: when, and the provider's word. */
  @GenerateSql({ params: ({ manager }) => [manager, 1, 'open', new Date('2026-03-02T10:17:00Z')] })
  async markChecked(m: EntityManager, id: number, providerStatus: string, at: Date): Promise<void> {
    await m.update(PaymentEntity, id, { lastCheckedAt: at, providerStatus });
  }

  /** A payment's final status, in the caller's transaction. */
  @GenerateSql({
    params: ({ manager }) => [
      manager,
      1,
      { status: 'paid', providerStatus: 'paid', at: new Date('2026-03-02T10:17:00Z') },
    ],
  })
  async settle(
    m: EntityManager,
    id: number,
    s: { status: PaymentStatus; providerStatus: string; at: Date },
  ): Promise<void> {
    await m.update(PaymentEntity, id, {
      status: s.status,
      providerStatus: s.providerStatus,
      settledAt: s.at,
      lastCheckedAt: s.at,
    });
  }

  /** The final payments of these orders. */
  @GenerateSql({ params: [[1, 2]] })
  finalOfOrders(orderIds: number[]): Promise<PaymentEntity[]> {
    return this.ds
      .getRepository(PaymentEntity)
      .findBy({ orderId: In(orderIds), status: In([...FINAL_PAYMENT_STATUSES]) });
  }

  /** Open payments created at the provider between `old` and `young`, least recently asked first, at most 100. */
  @GenerateSql({ params: [new Date('2026-03-02T10:16:00Z'), new Date('2026-02-28T10:17:00Z')] })
  dueForReconcile(young: Date, old: Date): Promise<PaymentEntity[]> {
    return this.ds
      .getRepository(PaymentEntity)
      .createQueryBuilder('p')
      .where('p.status = :open', { open: 'open' })
      .andWhere('p."providerPaymentId" IS NOT NULL')
      .andWhere('p."createdAt" <= :young', { young })
      .andWhere('p."createdAt" >= :old', { old })
      .orderBy('p."lastCheckedAt"', 'ASC', 'NULLS FIRST')
      .limit(100)
      .getMany();
  }
}
