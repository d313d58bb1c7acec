import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Events waiting to be published. Rows are written in the same transaction as the change they describe,
 * so an event exists if and only if the change committed. The table lives in the owning service's schema.
 */
@Entity('outbox')
@Index('outbox_unpublished_idx', ['id'], { where: '"publishedAt" IS NULL' })
export class OutboxEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column('text')
  subject: string;

  @Column('jsonb')
  payload: unknown;

  @Column('jsonb', { nullable: true })
  headers: Record<string, string> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  publishedAt: Date | null;
}
