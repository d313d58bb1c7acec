import { Column, Entity, Index } from 'typeorm';
import { PersonEntity } from '../users/person.entity.js';

@Entity('external_user')
export class ExternalUserEntity extends PersonEntity {
  /** stored lowercased */
  @Index('uq_external_user_username', { unique: true }) @Column('text') username: string;
  @Column('text', { nullable: true }) company: string | null;
  @Column('text', { nullable: true }) phone: string | null;
  @Column('text', { nullable: true }) notes: string | null;
  @Column('timestamptz', { nullable: true }) expiresAt: Date | null;
}
