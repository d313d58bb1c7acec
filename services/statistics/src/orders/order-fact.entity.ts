import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The statistics service's read model of orders, from the order events (never the order schema). */
@Entity('order_fact')
@Index('order_fact_created_idx', ['createdAt'])
export class OrderFactEntity {
  /** the order id */
  @PrimaryColumn('integer') id: number;
  @Column('integer') branch: number;
  /** storefront, self-service or staff */
  @Column('text') origin: string;
  @Column('timestamptz') createdAt: Date;
  @Column('bigint') totalCents: string;
  @Column('boolean', { default: false }) canceled: boolean;
}

/** The lines of an order as it was placed (items, popular-items). */
@Entity('order_item_fact')
export class OrderItemFactEntity {
  @PrimaryColumn('integer') orderId: number;
  @PrimaryColumn('integer') position: number;
  @Column('integer') productId: number;
  @Column('text') name: string;
  /** in `unit` */
  @Column('numeric', { precision: 12, scale: 3 }) quantity: string;
  @Column('bigint') grossCents: string;
  /** the unit of the quantity as ordered (a UnitName); null: the event carried none (before issue 41), pieces */
  @Column('text', { nullable: true }) unit: string | null;
}
