import type {
  AlternativeUnit,
  CalculationModel,
  ConfigurationStep,
  FileRef,
  OpeningHoursRule,
  UnitName,
} from '@shop/contracts';
import { Column, Entity, Index } from 'typeorm';
import { BaseEntity, Bool, Int, Json, Num, Txt } from '../common/columns.js';

@Entity('product')
export class ProductEntity extends BaseEntity {
  @Column('text') name: string;
  @Txt() description: string | null;
  @Index('product_type_idx') @Column('text', { default: 'simple' }) type: 'simple' | 'configurable' | 'bundle';
  @Txt() allergens: string | null;
  @Json() images: FileRef[];
  @Num() price: number;
  @Num() tax: number;
  @Num() takeawayTax: number;
  @Num() dineInTax: number;
  @Column('text', { default: 'piece' }) unit: UnitName;
  @Json() alternativeUnits: AlternativeUnit[];
  @Num() minimumQuantity: number;
  @Num(true) maximumQuantity: number | null;
  @Num() quantityStepSize: number;
  @Num(true) defaultQuantity: number | null;
  @Txt() defaultUnit: UnitName | null;
  @Num() pricing: number;
  @Column('text', { default: 'fixed' }) calculationModel: CalculationModel;
  @Bool(true) isEnabled: boolean;
  @Json(true) schedule: OpeningHoursRule[] | null;
  @Bool() isVisibleWhenUnavailable: boolean;
  @Bool() isPriceHidden: boolean;
  @Bool() isStepByStep: boolean;
  /** json, not jsonb: jsonb reorders keys, and the step order is the order shown and priced */
  @Column('json') config: { parts: Record<string, ConfigurationStep> };
  @Int() weight: number;
}
