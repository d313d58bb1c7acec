import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/**
 * The state whose public holidays a branch keeps besides its country's (issue 41): the country is the catalogue's
 * (the branch's address), the state is set here (the catalogue has no such field).
 */
@Entity('public_holiday_region')
@Index('public_holiday_region_branch', ['branchId'], { unique: true })
export class PublicHolidayRegionEntity extends BaseEntity {
  @Column('integer') branchId: number;
  /** date-holidays' state code (e.g. '9' Vienna, 'BY' Bavaria), null: the deployment's default */
  @Column('text', { nullable: true }) state: string | null;
}
