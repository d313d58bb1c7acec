import type { NodeType } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/** A content node: form, project, object or reference (storefront-presenter.md §3 "Content node"). */
@Entity('node')
@Index('node_identifier_key', ['identifier'], { unique: true, where: '"identifier" IS NOT NULL' })
export class NodeEntity extends BaseEntity {
  @Column('text', { nullable: true }) identifier: string | null;
  @Column('text') type: NodeType;
  @Column('boolean', { default: false }) isPublic: boolean;
  @Column('jsonb', { default: {} }) content: Record<string, unknown>;
  /** the content's name (every node type has one), kept beside it so ?search= finds nodes by name */
  @Column('text', { nullable: true }) name: string | null;
}
