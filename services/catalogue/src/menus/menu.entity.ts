import type { Schedule } from '@shop/contracts';
import { Column, Entity } from 'typeorm';
import { BaseEntity, Json } from '../common/columns.js';

export interface MenuCatalog {
  categories: Array<{ id: number; products: Array<{ id: number; isEnabled: boolean; schedule: Schedule }> }>;
}

@Entity('menu')
export class MenuEntity extends BaseEntity {
  @Column('text') name: string;
  @Column('timestamptz') availableFrom: Date;
  @Column('integer', { array: true, default: () => "'{}'" }) branches: number[];
  @Json() catalog: MenuCatalog;
}
