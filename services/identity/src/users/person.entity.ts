import { BaseEntity } from '@shop/server';
import { Column } from 'typeorm';

/** What identity keeps of every person, staff user, external user or customer: the name, e-mail and on/off switch. */
export abstract class PersonEntity extends BaseEntity {
  @Column('text', { nullable: true }) email: string | null;
  @Column('text', { nullable: true }) firstName: string | null;
  @Column('text', { nullable: true }) lastName: string | null;
  @Column('boolean', { default: true }) isEnabled: boolean;
}
