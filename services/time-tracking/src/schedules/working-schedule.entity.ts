import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/** A planned shift of a user at a branch on a local day (start and end wall-clock times, the break planned). */
@Entity('working_schedule')
@Index('working_schedule_user_date', ['userId', 'date'])
@Index('working_schedule_branch_date', ['branchId', 'date'])
export class WorkingScheduleEntity extends BaseEntity {
  @Column('integer') userId: number;
  @Column('integer') branchId: number;
  @Column('date') date: string;
  @Column('text') start: string;
  @Column('text') end: string;
  /** the shift ends on the next day (issue 41: said, never guessed from an end before the start) */
  @Column('boolean', { default: false }) endsNextDay: boolean;
  @Column('integer', { default: 0 }) breakMinutes: number;
  @Column('text', { nullable: true }) note: string | null;
}
