import type { BlockType } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column, Entity } from 'typeorm';

/** A reusable block by identifier, of one block type with its fields. */
@Entity('block')
export class BlockEntity extends BaseEntity {
  @Column('text', { unique: true }) identifier: string;
  @Column('text') type: BlockType;
  @Column('boolean', { default: true }) isPublic: boolean;
  @Column('jsonb', { default: {} }) content: Record<string, unknown>;
}
