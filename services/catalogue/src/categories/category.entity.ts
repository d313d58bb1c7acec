import type { FileRef, OpeningHoursRule } from '@shop/contracts';
import { Column, Entity } from 'typeorm';
import { BaseEntity, Bool, Int, Json, Txt } from '../common/columns.js';

@Entity('category')
export class CategoryEntity extends BaseEntity {
  @Column('text') name: string;
  @Txt() description: string | null;
  @Json(true) image: FileRef | null;
  @Bool(true) isEnabled: boolean;
  @Json(true) schedule: OpeningHoursRule[] | null;
  @Bool() isVisibleWhenUnavailable: boolean;
  @Int() weight: number;
}
