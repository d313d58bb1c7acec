import type { ActivityKind, ActivityPause, ActivitySource, LawWarning } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/**
 * A working activity: work or an absence (holiday, sick, other) of one user at one branch. At most one activity
 * per user is open (no end): a partial unique index, so two terminals starting the same employee at once make one.
 */
@Entity('working_activity')
@Index('working_activity_one_open_per_user', ['userId'], { unique: true, where: '"end" IS NULL' })
@Index('working_activity_user_start', ['userId', 'start'])
@Index('working_activity_branch_start', ['branchId', 'start'])
export class WorkingActivityEntity extends BaseEntity {
  @Column('integer') userId: number;
  @Column('integer') branchId: number;
  @Column('integer', { nullable: true }) projectId: number | null;
  @Column('integer', { nullable: true }) taskId: number | null;
  @Column('text', { default: 'work' }) kind: ActivityKind;
  @Column('timestamptz') start: Date;
  @Column('timestamptz', { nullable: true }) end: Date | null;
  @Column('jsonb', { default: () => "'[]'" }) pauses: ActivityPause[];
  @Column('text', { nullable: true }) note: string | null;
  /** the law warnings when it ended (shown on the activity and in the end-of-shift answer) */
  @Column('jsonb', { default: () => "'[]'" }) warnings: LawWarning[];
  /** who recorded it as it stands (issue 41): an employee changes only their own entries directly */
  @Column('text', { default: 'entry' }) source: ActivitySource;
  /** an absence of half a day (issue 41) */
  @Column('boolean', { default: false }) halfDay: boolean;
}
