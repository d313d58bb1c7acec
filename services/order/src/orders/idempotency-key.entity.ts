import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * The first answer to an Idempotency-Key, written in the same transaction as the order it created, so a
 * key either has its order and its answer or neither.
 */
@Entity('idempotency_key')
export class IdempotencyKeyEntity {
  @PrimaryColumn('text') key: string;
  /** sha256 of the request body: the same key with another body is refused */
  @Column('text') requestHash: string;
  @Column('integer') status: number;
  @Column('jsonb') response: unknown;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
