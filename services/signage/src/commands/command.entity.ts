import type { SignageCommandState, SignageCommandType } from '@shop/contracts';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { SignageDeviceEntity } from '../devices/device.entity.js';

/** A command for a device: pending → acknowledged → done | failed; aborted or expired while open. */
@Entity('command')
@Index('command_device_idx', ['deviceId', 'id'])
@Index('command_open_idx', ['expiresAt'], { where: `"state" IN ('pending', 'acknowledged')` })
export class CommandEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column('int') deviceId: number;
  @ManyToOne(() => SignageDeviceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'deviceId' })
  device?: SignageDeviceEntity;
  @Column('text') type: SignageCommandType;
  @Column('int', { nullable: true }) sceneId: number | null;
  @Column('text', { default: 'pending' }) state: SignageCommandState;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column('timestamptz') expiresAt: Date;
  @Column('timestamptz', { nullable: true }) acknowledgedAt: Date | null;
  @Column('timestamptz', { nullable: true }) finishedAt: Date | null;
  @Column('text', { nullable: true }) result: string | null;
}
