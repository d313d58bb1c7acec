import type { FileRef } from '@shop/contracts';
import { Column, Entity, Index } from 'typeorm';
import { BaseEntity, Bool, Json, Txt } from '../common/columns.js';

@Entity('donatee')
export class DonateeEntity extends BaseEntity {
  @Index('uq_donatee_identifier', { unique: true }) @Column('text') identifier: string;
  @Column('text') name: string;
  @Txt() description: string | null;
  @Json(true) image: FileRef | null;
  @Txt() website: string | null;
  @Bool(true) isEnabled: boolean;
}
