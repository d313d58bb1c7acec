import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Working activities (worked) and working schedules (planned) of employees, from the time-tracking events: one
 * row per stretch of an activity (between its pauses) or a schedule (around its break), all replaced when it
 * changes and removed when it is deleted. An activity still running has no end on its last stretch (it counts up
 * to now).
 */
@Entity('work_period')
@Index('work_period_user_idx', ['userId', 'startAt'])
// the running activities, read beside the rollups (OPEN_SQL)
@Index('work_period_open_idx', ['kind'], { where: '"endAt" IS NULL' })
export class WorkPeriodEntity {
  /** 'activity' or 'schedule' */
  @PrimaryColumn('text') kind: string;
  @PrimaryColumn('integer') sourceId: number;
  /** the stretch's number within its activity or schedule */
  @PrimaryColumn('integer', { default: 0 }) segment: number;
  @Column('integer') userId: number;
  @Column('integer', { default: 0 }) branch: number;
  @Column('timestamptz') startAt: Date;
  @Column('timestamptz', { nullable: true }) endAt: Date | null;
}
