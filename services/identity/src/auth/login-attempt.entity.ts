import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Failed logins per (username, client), known usernames or not: unknown usernames lock out exactly like real
 * ones, so the answers never reveal which accounts exist; a client locks only itself out. `lockouts` counts the
 * locks of the pair so far and doubles the next one.
 */
@Entity('login_attempt')
export class LoginAttemptEntity {
  @PrimaryColumn('text') username: string;
  @PrimaryColumn('text') client: string;
  @Column('integer', { default: 0 }) failures: number;
  @Column('integer', { default: 0 }) lockouts: number;
  @Column('timestamptz', { nullable: true }) lockedUntil: Date | null;
  @Index('IDX_login_attempt_lastFailureAt') @Column('timestamptz', { default: () => 'now()' }) lastFailureAt: Date;
}
