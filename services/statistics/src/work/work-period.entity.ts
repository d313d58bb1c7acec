import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Working activities (worked) and working schedules (planned) of employees, from the time-tracking events:
 * one row per activity or schedule, replaced when it changes and removed when it is deleted. An activity still
 * running has no end (it counts up to now).
 */
@Entity('work_period')
@Index('work_period_user_idx', ['userId', 'startAt'])
export class WorkPeriodEntity {
  /** 'activity' or 'schedule' */
  @PrimaryColumn('text') kind: string;
  @PrimaryColumn('integer') sourceId: number;
  @Column('integer') userId: number;
  @Column('integer', { default: 0 }) branch: number;
  @Column('timestamptz') startAt: Date;
  @Column('timestamptz', { nullable: true }) endAt: Date | null;
}
