import type { PaymentProvider, PaymentStatus } from '@shop/contracts';
import { BaseEntity, numericTransformer } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/** One online payment of an order. (provider, providerPaymentId) is unique: a provider's payment settles one row. */
@Entity('payment')
@Index('uq_payment_provider_id', ['provider', 'providerPaymentId'], { unique: true })
export class PaymentEntity extends BaseEntity {
  @Index('payment_order_idx') @Column('integer') orderId: number;
  /** our random reference: the provider's refno/metadata and the customer's return link */
  @Index('uq_payment_reference', { unique: true }) @Column('text') reference: string;
  @Column('text') provider: PaymentProvider;
  @Column('text', { nullable: true }) providerPaymentId: string | null;
  @Index('payment_status_idx') @Column('text') status: PaymentStatus;
  @Column('numeric', { precision: 12, scale: 2, transformer: numericTransformer }) amount: number;
  @Column('text') currency: string;
  @Column('text', { nullable: true }) checkoutUrl: string | null;
  @Column('text') successPath: string;
  @Column('text') failurePath: string;
  /** the provider's own status word when last asked */
  @Column('text', { nullable: true }) providerStatus: string | null;
  @Column('timestamptz', { nullable: true }) settledAt: Date | null;
  @Column('timestamptz', { nullable: true }) lastCheckedAt: Date | null;
}
