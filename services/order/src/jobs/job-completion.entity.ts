import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Jobs the workers finished. A job row of the outbox without one is dispatched again (see JobRedispatcher). */
@Entity('job_completion')
export class JobCompletionEntity {
  @PrimaryColumn('text') jobId: string;
  @Column('timestamptz', { default: () => 'now()' }) completedAt: Date;
}
