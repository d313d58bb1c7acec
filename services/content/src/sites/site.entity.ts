import type { SiteLayout, SiteType } from '@shop/contracts';
import { Column, Entity, Index } from 'typeorm';
import { WebsiteEntity } from '../common/website.entity.js';

/** A page of a website, found by its path (storefront-presenter.md §3 "Site page"). */
@Entity('site')
@Index('site_website_path_key', ['website', 'path'], { unique: true })
export class SiteEntity extends WebsiteEntity {
  @Column('text') path: string;
  @Column('text') name: string;
  @Column('text', { default: 'default' }) type: SiteType;
  @Column('text', { default: 'simple' }) layout: SiteLayout;
  @Column('boolean', { default: false }) isPublic: boolean;
  @Column('jsonb', { default: {} }) content: Record<string, unknown>;
}
