import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A one-time login link: only the SHA-256 of its 256-bit token is stored, so a database leak reveals no
 * usable link. `usedAt` is set by the one statement that accepts it (single use).
 */
@Entity('login_link')
export class LoginLinkEntity {
  @PrimaryGeneratedColumn() id: number;
  @Index('uq_login_link_token_hash', { unique: true }) @Column('text') tokenHash: string;
  @Column('integer') userId: number;
  /** the administrator who created it */
  @Column('integer', { nullable: true }) createdBy: number | null;
  @Column('timestamptz') expiresAt: Date;
  @Column('timestamptz', { nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
