import type { TemplateLayer } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/** An image template (backoffice-platform.md §3): a canvas and its layers, bottom first. */
@Entity('image_template')
@Index('image_template_identifier_key', ['identifier'], { unique: true })
export class ImageTemplateEntity extends BaseEntity {
  @Column('text') identifier: string;
  @Column('integer') width: number;
  @Column('integer') height: number;
  @Column('text', { default: '#ffffff' }) background: string;
  @Column('jsonb', { default: [] }) layers: TemplateLayer[];
}
