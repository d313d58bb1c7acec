import type { ActivitySnapshot, CorrectionAction, CorrectionRequestStatus } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/** An employee's request to correct their own activity (issue 41), pending until a manager decides. */
@Entity('correction_request')
@Index('correction_request_branch_status', ['branchId', 'status'])
@Index('correction_request_user', ['userId', 'id'])
export class CorrectionRequestEntity extends BaseEntity {
  @Column('text', { default: 'pending' }) status: CorrectionRequestStatus;
  @Column('text') action: CorrectionAction;
  /** the activity to change or delete; after an approved create, the one it created */
  @Column('integer', { nullable: true }) activityId: number | null;
  @Column('integer') userId: number;
  @Column('integer') branchId: number;
  @Column('text') reason: string;
  @Column('integer') requestedById: number;
  @Column('text') requestedByName: string;
  @Column('jsonb', { nullable: true }) before: ActivitySnapshot | null;
  @Column('jsonb', { nullable: true }) proposed: ActivitySnapshot | null;
  @Column('boolean', { default: false }) endsNextDay: boolean;
  @Column('integer', { nullable: true }) decidedById: number | null;
  @Column('text', { nullable: true }) decidedByName: string | null;
  @Column('timestamptz', { nullable: true }) decidedAt: Date | null;
  @Column('text', { nullable: true }) decisionNote: string | null;
}
