import type { FileRef, OpeningHoursRule, SegmentType } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column, Entity } from 'typeorm';

/** One item of a stream ('Filmsequenz'): an image, a video, a web page, a text or a live board, for a duration. */
@Entity('segment')
export class SegmentEntity extends BaseEntity {
  @Column('text') name: string;
  @Column('text') type: SegmentType;
  /** an image of the content service's media library as stored (its URL names id, version and extension) */
  @Column('jsonb', { nullable: true }) image: FileRef | null;
  @Column('text', { nullable: true }) url: string | null;
  @Column('text', { nullable: true }) text: string | null;
  @Column('int', { default: 10 }) durationSeconds: number;
  @Column('jsonb', { nullable: true }) daypart: OpeningHoursRule[] | null;
  @Column('text', { default: 'fade' }) transition: 'none' | 'fade' | 'slide';
  /** web: the origins the page may be framed from (the player's CSP `frame-src`) */
  @Column('text', { array: true, default: () => "'{}'" }) frameOrigins: string[];
}
