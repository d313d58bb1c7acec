import { Column, Entity } from 'typeorm';
import { PersonEntity } from '../users/person.entity.js';

@Entity('customer')
export class CustomerEntity extends PersonEntity {
  @Column('text', { nullable: true }) companyName: string | null;
  @Column('text', { nullable: true }) phone: string | null;
  @Column('text', { nullable: true }) street: string | null;
  @Column('text', { nullable: true }) zipCode: string | null;
  @Column('text', { nullable: true }) city: string | null;
  @Column('text', { default: 'AT' }) country: string;
  @Column('text', { nullable: true }) vatNumber: string | null;
  /** a catalogue branch id (no cross-schema key) */
  @Column('integer', { nullable: true }) branchId: number | null;
  @Column('text', { nullable: true }) notes: string | null;
}
