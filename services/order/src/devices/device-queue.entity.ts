import type { DeviceQueueStatus, PrintDocuments } from '@shop/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A device's queue: receipts waiting for a printer to pull them, and notifications for notification devices.
 * (deviceId, jobKey) is unique, so a print job delivered twice by BullMQ queues once.
 */
@Entity('device_queue')
@Index('uq_device_queue_job', ['deviceId', 'jobKey'], { unique: true })
@Index('device_queue_pending_idx', ['deviceId', 'id'], { where: `status IN ('queued', 'printing')` })
export class DeviceQueueEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column('integer') deviceId: number;
  @Column('text') jobKey: string;
  @Column('integer', { nullable: true }) orderId: number | null;
  @Column('text', { default: 'print' }) kind: 'print' | 'notification';
  @Column('text', { default: 'queued' }) status: DeviceQueueStatus;
  /** media type → base64 bytes; for notifications { 'text/plain': … } */
  @Column('jsonb') documents: PrintDocuments;
  /** handed to the printer with the job (CloudPRNT jobToken, Epson printjobid); stable, so a repeated GET is the same */
  @Index('uq_device_queue_token', { unique: true }) @Column('text') token: string;
  @Column('integer', { default: 0 }) attempts: number;
  @Column('text', { nullable: true }) lastError: string | null;
  /** when an Epson printer took it (handed out again if it never answers) */
  @Column('timestamptz', { nullable: true }) handedOutAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column('timestamptz', { nullable: true }) finishedAt: Date | null;
}

/** What a device reported: poll status changes, client-action answers (requested logs), print results. */
@Entity('device_log')
@Index('device_log_device_idx', ['deviceId', 'id'])
export class DeviceLogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column('integer') deviceId: number;
  @CreateDateColumn({ type: 'timestamptz' }) at: Date;
  @Column('text') message: string;
  @Column('jsonb', { nullable: true }) data: unknown;
}
