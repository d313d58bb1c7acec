import type { UnitName } from '@shop/contracts';
import { numericTransformer } from '@shop/server';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One line of an order, priced from the catalogue at order time (name and price are kept as sold). */
@Entity('order_item')
export class OrderItemEntity {
  @PrimaryColumn('integer') orderId: number;
  @PrimaryColumn('integer') position: number;
  @Column('integer') productId: number;
  @Column('text') name: string;
  @Column('numeric', { transformer: numericTransformer }) amount: number;
  /** a unit name of the catalogue (the line is sold in it) */
  @Column('text') unit: UnitName;
  // JSON of the chosen options, texts and upload references, as priced (json keeps the step order)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the stored JSON as written; callers read it with the contract's types
  @Column('json') parts: Record<string, any>;
  @Column('numeric', { precision: 12, scale: 2, transformer: numericTransformer }) gross: number;
  @Column('numeric', { precision: 5, scale: 2, transformer: numericTransformer }) taxRate: number;
}
