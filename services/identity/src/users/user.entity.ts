import type { Role } from '@shop/contracts';
import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '@shop/server';

@Entity('user')
export class UserEntity extends BaseEntity {
  /** stored lowercased: usernames are case-insensitive */
  @Index('uq_user_username', { unique: true }) @Column('text') username: string;
  @Column('text', { nullable: true }) email: string | null;
  @Column('text', { nullable: true }) firstName: string | null;
  @Column('text', { nullable: true }) lastName: string | null;
  @Column('text', { array: true }) roles: Role[];
  @Column('integer', { array: true, default: () => "'{}'" }) branches: number[];
  @Column('integer', { nullable: true }) departmentId: number | null;
  @Column('boolean', { default: true }) isEnabled: boolean;
  @Column('timestamptz', { nullable: true }) expiresAt: Date | null;
  /** argon2id PHC string */
  @Column('text') passwordHash: string;
}
