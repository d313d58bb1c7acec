import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

@Entity('device')
export class DeviceEntity extends BaseEntity {
  @Index('uq_device_identifier', { unique: true }) @Column('text') identifier: string;
  @Column('text') name: string;
  @Column('text') type: 'printer' | 'notification';
  @Index('device_branch_idx') @Column('integer') branchId: number;
  @Column('text', { nullable: true }) protocol: 'cloudprnt' | 'epson-sdp' | null;
  @Column('text', { default: 'star' }) printFormat: 'star' | 'escpos';
  @Column('integer', { default: 5 }) pollIntervalSeconds: number;
  @Column('boolean', { default: true }) isEnabled: boolean;
  /** the device's own credential (printers authenticate with it, never with a staff session) */
  @Index('uq_device_api_key', { unique: true }) @Column('text') apiKey: string;
  /** last poll of a printer; offline when older than twice its interval plus 5 s */
  @Column('timestamptz', { nullable: true }) lastSeenAt: Date | null;
  /** the last status a printer reported (CloudPRNT statusCode, Epson response) */
  @Column('text', { nullable: true }) lastStatus: string | null;
  /** staff asked for the device's logs; answered with its next poll */
  @Column('timestamptz', { nullable: true }) logsRequestedAt: Date | null;
}
