import type { LogLevel, LogSource } from '@shop/contracts';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One entry of the system log, written from an event; only a repeated 500's entry changes afterwards (its count). */
@Entity('log')
@Index('log_created_idx', ['createdAt', 'id'])
export class LogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Index('log_level_idx') @Column('text') level: LogLevel;
  @Column('text') source: LogSource;
  @Column('text') code: string;
  /** German: administrators read it */
  @Column('text') message: string;
  /** ids to follow up with (orderId, deviceId, errorId, jobId …) */
  @Column('jsonb', { default: {} }) context: Record<string, unknown>;
  /** names the event it came from, so a redelivered event adds nothing */
  @Index('uq_log_event_key', { unique: true }) @Column('text') eventKey: string;
  /** when it happened (the event's time, not when it was stored) */
  @Column('timestamptz') createdAt: Date;
}
