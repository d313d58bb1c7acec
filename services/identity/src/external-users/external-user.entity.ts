import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '@shop/server';

@Entity('external_user')
export class ExternalUserEntity extends BaseEntity {
  /** stored lowercased */
  @Index('uq_external_user_username', { unique: true }) @Column('text') username: string;
  @Column('text', { nullable: true }) email: string | null;
  @Column('text', { nullable: true }) firstName: string | null;
  @Column('text', { nullable: true }) lastName: string | null;
  @Column('text', { nullable: true }) company: string | null;
  @Column('text', { nullable: true }) phone: string | null;
  @Column('text', { nullable: true }) notes: string | null;
  @Column('boolean', { default: true }) isEnabled: boolean;
  @Column('timestamptz', { nullable: true }) expiresAt: Date | null;
}
