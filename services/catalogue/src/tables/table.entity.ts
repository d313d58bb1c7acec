import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity, Int } from '../common/columns.js';
import { BranchEntity } from '../branches/branch.entity.js';

@Entity('table')
@Index('uq_table_identifier', ['identifier'], { unique: true })
export class TableEntity extends BaseEntity {
  @Column('text') identifier: string;
  @Column('text') name: string;
  @ManyToOne(() => BranchEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'branchId' })
  branch?: BranchEntity;
  @Int() branchId: number;
  @Int(true) seats: number | null;
}
