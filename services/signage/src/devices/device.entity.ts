import type { OpeningHoursRule, PlayerIdleReason, SignageCommand } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Check, Column, Entity, Index } from 'typeorm';

/** A screen ('TV') at a branch: it plays its scene and takes commands; the player signs in with identifier + key. */
@Entity('device')
@Index('device_identifier_key', ['identifier'], { unique: true })
@Index('device_key_key', ['key'], { unique: true })
// issue 37: at least 32 characters (DeviceKey in @shop/contracts; migration DeviceKeyLength)
@Check('device_key_length', 'char_length("key") >= 32')
export class SignageDeviceEntity extends BaseEntity {
  @Column('text') identifier: string;
  @Column('text') name: string;
  /** a branch of the catalogue (a plain id: no cross-schema key) */
  @Column('int') branchId: number;
  @Column('int', { nullable: true }) sceneId: number | null;
  @Column('jsonb', { nullable: true }) powerSchedule: OpeningHoursRule[] | null;
  @Column('boolean', { default: true }) isEnabled: boolean;
  @Column('text') key: string;
  @Column('timestamptz', { nullable: true }) lastSeenAt: Date | null;
  @Column('int', { nullable: true }) currentSceneId: number | null;
  @Column('boolean', { nullable: true }) isScreenOn: boolean | null;
  /** why its player shows the idle screen, as its last heartbeat said (null: it plays its scene) */
  @Column('text', { nullable: true }) idleReason: PlayerIdleReason | null;
  /** a copy of its latest command (the command table is the history), written in the command's transaction */
  @Column('jsonb', { nullable: true }) command: SignageCommand | null;
}
