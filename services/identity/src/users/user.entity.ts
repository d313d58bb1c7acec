import type { Role } from '@shop/contracts';
import { Column, Entity, Index, VirtualColumn } from 'typeorm';
import { PersonEntity } from './person.entity.js';

@Entity('user')
export class UserEntity extends PersonEntity {
  /** stored lowercased: usernames are case-insensitive */
  @Index('uq_user_username', { unique: true }) @Column('text') username: string;
  @Column('text', { array: true }) roles: Role[];
  @Column('integer', { array: true, default: () => "'{}'" }) branches: number[];
  @Column('integer', { nullable: true }) departmentId: number | null;
  @Column('timestamptz', { nullable: true }) expiresAt: Date | null;
  /** set and cleared by an administrator: a locked user cannot log in (ACCOUNT_LOCKED) */
  @Column('boolean', { default: false }) isLocked: boolean;
  /** end of the latest running lockout after repeated failed logins (login_attempt, any client), else null */
  @VirtualColumn({
    type: 'timestamptz',
    query: (alias) =>
      `SELECT max(la."lockedUntil") FROM "identity"."login_attempt" la WHERE la.username = ${alias}.username AND la."lockedUntil" > now()`,
  })
  lockedUntil?: Date | null;
  /** set when the password changes: sessions that began before end (ActorService in the gateway) */
  @Column('timestamptz', { nullable: true }) credentialsChangedAt: Date | null;
  /** two-factor login is on (user_mfa) */
  @VirtualColumn({
    type: 'boolean',
    query: (alias) =>
      `SELECT EXISTS (SELECT 1 FROM "identity"."user_mfa" m WHERE m."userId" = ${alias}.id AND m."enabledAt" IS NOT NULL)`,
  })
  mfaEnabled?: boolean;
  /** argon2id PHC string */
  @Column('text') passwordHash: string;
}
