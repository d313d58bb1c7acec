import type { TaskStatus } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

@Entity('project')
export class ProjectEntity extends BaseEntity {
  @Column('text') name: string;
  @Column('text', { nullable: true }) description: string | null;
  @Column('integer', { nullable: true }) branchId: number | null;
  @Column('boolean', { default: true }) isActive: boolean;
}

@Entity('task')
@Index('task_project', ['projectId'])
export class TaskEntity extends BaseEntity {
  @Column('integer') projectId: number;
  @Column('text') name: string;
  @Column('text', { nullable: true }) description: string | null;
  @Column('text', { default: 'open' }) status: TaskStatus;
  @Column('integer', { array: true, default: () => "'{}'" }) assignees: number[];
}
