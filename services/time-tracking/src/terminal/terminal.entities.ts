import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/** A time-clock terminal registered at a branch; its random key is part of the terminal's URL. */
@Entity('time_clock')
@Index('time_clock_key', ['key'], { unique: true })
export class TimeClockEntity extends BaseEntity {
  @Column('integer') branchId: number;
  @Column('text') name: string;
  @Column('text') key: string;
}

/** An employee's personal access token for the terminals: only its hash is stored; locked after wrong tries. */
@Entity('access_token')
@Index('access_token_username', ['username'])
export class AccessTokenEntity extends BaseEntity {
  @Column('integer') userId: number;
  @Column('text') username: string;
  /**
   * HMAC-SHA-256 of the 8-digit code under the service secret (hex): without the secret a stolen table cannot be
   * searched through the 10^8 codes; guessing at the terminal is bounded by the lockout after wrong tries
   */
  @Column('text') tokenHash: string;
  @Column('timestamptz', { nullable: true }) revokedAt: Date | null;
  @Column('integer', { default: 0 }) failedAttempts: number;
  @Column('timestamptz', { nullable: true }) lockedUntil: Date | null;
}

/** A clock event applied once per user and idempotency key (terminals resend queued events). */
@Entity('clock_event')
@Index('clock_event_user_key', ['userId', 'idempotencyKey'], { unique: true })
export class ClockEventEntity extends BaseEntity {
  @Column('integer') userId: number;
  @Column('text') idempotencyKey: string;
  @Column('text') action: string;
  @Column('integer', { nullable: true }) activityId: number | null;
}

/** Holiday entitlement of a user for a year (days per year, part time, employment, carry-over). */
@Entity('holiday_entitlement')
@Index('holiday_entitlement_user_year', ['userId', 'year'], { unique: true })
export class HolidayEntitlementEntity extends BaseEntity {
  @Column('integer') userId: number;
  @Column('integer') year: number;
  @Column('real') daysPerYear: number;
  @Column('real', { default: 1 }) partTimeFactor: number;
  @Column('date', { nullable: true }) employedFrom: string | null;
  @Column('date', { nullable: true }) employedTo: string | null;
  @Column('real', { default: 0 }) carryOverDays: number;
  @Column('date', { nullable: true }) carryOverExpires: string | null;
}
