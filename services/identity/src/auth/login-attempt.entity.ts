import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Failed logins per username, known or not: unknown usernames lock out exactly like real ones, so the
 * answers never reveal which accounts exist.
 */
@Entity('login_attempt')
export class LoginAttemptEntity {
  @PrimaryColumn('text') username: string;
  @Column('integer', { default: 0 }) failures: number;
  @Column('timestamptz', { nullable: true }) lockedUntil: Date | null;
}
