import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Content jobs the workers finished. A job row of the outbox without one is dispatched again (ContentJobs). */
@Entity('job_completion')
export class JobCompletionEntity {
  @PrimaryColumn('text') jobId: string;
  @CreateDateColumn({ type: 'timestamptz' }) completedAt: Date;
}
