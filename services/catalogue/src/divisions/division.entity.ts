import type { FileRef } from '@shop/contracts';
import { Column, Entity, Index } from 'typeorm';
import { BaseEntity, Int, Json, Txt } from '../common/columns.js';

@Entity('division')
export class DivisionEntity extends BaseEntity {
  @Index('uq_division_identifier', { unique: true })
  @Column('text')
  identifier: string;

  @Column('text') name: string;
  @Txt() title: string | null;
  @Txt() description: string | null;
  @Json(true) logo: FileRef | null;
  @Int() weight: number;
}
