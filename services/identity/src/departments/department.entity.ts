import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '@shop/server';

@Entity('department')
export class DepartmentEntity extends BaseEntity {
  @Index('uq_department_identifier', { unique: true }) @Column('text') identifier: string;
  @Column('text') name: string;
  @Column('integer', { nullable: true }) branchId: number | null;
}
