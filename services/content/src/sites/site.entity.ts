import type { SiteLayout, SiteType, Website } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/** A page of a website, found by its path (storefront-presenter.md §3 "Site page"). */
@Entity('site')
@Index('site_website_path_key', ['website', 'path'], { unique: true })
export class SiteEntity extends BaseEntity {
  @Column('text', { default: 'storefront' }) website: Website;
  @Column('text') path: string;
  @Column('text') name: string;
  @Column('text', { default: 'default' }) type: SiteType;
  @Column('text', { default: 'simple' }) layout: SiteLayout;
  @Column('boolean', { default: false }) isPublic: boolean;
  @Column('jsonb', { default: {} }) content: Record<string, unknown>;
}
