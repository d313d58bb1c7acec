import { BaseEntity } from '@shop/server';
import { Column, Entity } from 'typeorm';

/**
 * A stored image: FILES_DIR/image/{id}-{version}.{extension} and its size variants in
 * FILES_DIR/image/{size}/. Replacing the file raises the version, so every file name stays immutable.
 */
@Entity('image')
export class ImageEntity extends BaseEntity {
  @Column('integer', { default: 1 }) version: number;
  @Column('text') extension: string;
  @Column('text') mimeType: string;
  @Column('text', { default: '' }) name: string;
  @Column('text', { default: '' }) alt: string;
  @Column('integer') width: number;
  @Column('integer') height: number;
  /** bytes of the original */
  @Column('integer') size: number;
}
