import type { Country, DeliveryArea, FileRef, OpeningHoursRule } from '@shop/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity, Bool, Int, Json, Num, Txt } from '../common/columns.js';
import { DivisionEntity } from '../divisions/division.entity.js';

@Entity('branch')
export class BranchEntity extends BaseEntity {
  @Index('uq_branch_identifier', { unique: true })
  @Column('text')
  identifier: string;

  @ManyToOne(() => DivisionEntity, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'divisionId' })
  division?: DivisionEntity;
  @Int(true) divisionId: number | null;

  @Column('text') name: string;
  @Txt() description: string | null;
  @Txt() street: string | null;
  @Txt() zipCode: string | null;
  @Txt() city: string | null;
  @Column('text', { default: 'AT' }) country: Country;
  @Txt() phone: string | null;
  @Txt() email: string | null;
  @Txt() website: string | null;
  @Txt() keywords: string | null;
  @Num(true) latitude: number | null;
  @Num(true) longitude: number | null;
  @Column('text', { default: 'Europe/Vienna' }) timezone: string;
  @Json() openingHours: OpeningHoursRule[];
  @Json() deliveryHours: OpeningHoursRule[];
  @Bool() isDeliveryHoursEnabled: boolean;
  @Json() deliveryAreas: DeliveryArea[];
  @Bool(true) isTakeawayEnabled: boolean;
  @Bool() isDeliveryEnabled: boolean;
  @Bool() isDineInEnabled: boolean;
  @Bool() isTableSelectionEnabled: boolean;
  @Bool() isPreorderEnabled: boolean;
  @Bool() isAppointmentRequired: boolean;
  @Bool() isQuotationRequired: boolean;
  @Index('branch_public_idx') @Bool(true) isPublic: boolean;
  @Bool(true) isEnabled: boolean;
  @Txt() orderableFrom: string | null;
  @Txt() closedMessage: string | null;
  @Column('integer', { array: true, default: () => "'{}'" }) tagIds: number[];
  @Json() images: FileRef[];
  @Json(true) logo: FileRef | null;
  @Bool(true) isDeliveryEmailRequired: boolean;
  @Bool(true) isDeliveryPhoneRequired: boolean;
  @Bool(true) isDeliveryAddressRequired: boolean;
  @Bool() isDineInEmailRequired: boolean;
  @Bool() isDineInPhoneRequired: boolean;
  @Bool() isDineInAddressRequired: boolean;
  @Bool(true) isTakeawayEmailRequired: boolean;
  @Bool(true) isTakeawayPhoneRequired: boolean;
  @Bool() isTakeawayAddressRequired: boolean;
  @Bool(true) isCashEnabled: boolean;
  @Bool() isATMCardEnabled: boolean;
  @Bool() isHydroAGVoucherEnabled: boolean;
  @Bool() isMollieEnabled: boolean;
  @Bool() isDatatransEnabled: boolean;
  @Column('text', { default: 'confirmed' }) printOn: 'created' | 'confirmed';
  /** issue 42: the customer's status e-mails, each on unless turned off */
  @Bool(true) isConfirmedEmailEnabled: boolean;
  @Bool(true) isReadyForPickupEmailEnabled: boolean;
  @Bool(true) isInDeliveryEmailEnabled: boolean;
  @Bool(true) isCounterProposalEmailEnabled: boolean;
  @Bool(true) isRejectedEmailEnabled: boolean;
  @Bool(true) isCanceledEmailEnabled: boolean;
  @Index('uq_branch_api_key', { unique: true }) @Column('text') apiKey: string;
  @Int() weight: number;
}
