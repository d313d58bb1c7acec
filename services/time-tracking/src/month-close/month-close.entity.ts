import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/** A branch's month that was closed at least once (issue 41): closed now or not, and by whom. */
@Entity('month_close')
@Index('month_close_branch_month', ['branchId', 'month'], { unique: true })
export class MonthCloseEntity extends BaseEntity {
  @Column('integer') branchId: number;
  /** 'YYYY-MM' */
  @Column('text') month: string;
  @Column('boolean') closed: boolean;
  @Column('timestamptz', { nullable: true }) closedAt: Date | null;
  @Column('integer', { nullable: true }) closedById: number | null;
  @Column('text', { nullable: true }) closedByName: string | null;
}

/** Every close and reopening of a branch's month, with who and (reopening) why. */
@Entity('month_close_event')
@Index('month_close_event_branch_month', ['branchId', 'month', 'id'])
export class MonthCloseEventEntity extends BaseEntity {
  @Column('integer') branchId: number;
  @Column('text') month: string;
  @Column('text') action: 'closed' | 'reopened';
  @Column('integer') actorId: number;
  @Column('text') actorName: string;
  @Column('text', { nullable: true }) reason: string | null;
}
