import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A staff member's two-factor login (TOTP). Written at setup with `enabledAt` null (a pending secret that a
 * first valid code turns on); deleted when disabled. The secret stays in this schema only and never leaves the
 * identity service after setup.
 */
@Entity('user_mfa')
export class UserMfaEntity {
  @PrimaryColumn('integer') userId: number;
  /** the base32 TOTP secret, encrypted (`enc:v1:…`, see MfaSecretCipher); plain only in rows written before that */
  @Column('text') secret: string;
  @Column('timestamptz', { nullable: true }) enabledAt: Date | null;
  /** the time step of the last accepted code: a code is accepted once (no replay within its 30 s window) */
  @Column('bigint', { nullable: true }) lastTimeStep: string | null;
  /** sha256 (hex) of the unused recovery codes; a used code leaves the array */
  @Column('text', { array: true, default: () => "'{}'" }) recoveryCodeHashes: string[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
