import { BaseEntity } from '@shop/server';
import { Column, Entity } from 'typeorm';

/** An ordered, looping list of segments (their ids in playing order; a segment may be in several streams). */
@Entity('stream')
export class StreamEntity extends BaseEntity {
  @Column('text') name: string;
  @Column('int', { array: true, default: () => "'{}'" }) segments: number[];
}
