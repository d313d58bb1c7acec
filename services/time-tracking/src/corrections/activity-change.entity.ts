import type { ActivitySnapshot, ChangeAction } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/**
 * One change of a working activity (issue 41): who, when (createdAt), why, the fields before and after. Kept when
 * the activity is deleted (no foreign key), so a deleted activity's trail stays readable.
 */
@Entity('working_activity_change')
@Index('working_activity_change_activity', ['activityId', 'id'])
export class ActivityChangeEntity extends BaseEntity {
  @Column('integer') activityId: number;
  /** whose activity and where (the trail's readers: the person, the branch's managers) */
  @Column('integer') userId: number;
  @Column('integer') branchId: number;
  @Column('text') action: ChangeAction;
  /** null: the service itself (the demo seed) */
  @Column('integer', { nullable: true }) actorId: number | null;
  @Column('text', { nullable: true }) actorName: string | null;
  @Column('text', { nullable: true }) reason: string | null;
  @Column('jsonb', { nullable: true }) before: ActivitySnapshot | null;
  @Column('jsonb', { nullable: true }) after: ActivitySnapshot | null;
  /** the correction request the change applied */
  @Column('integer', { nullable: true }) requestId: number | null;
}
