import type { Website } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column } from 'typeorm';

/** A row that belongs to one of the two websites (storefront or presenter): a site, a navigation, a redirect. */
export abstract class WebsiteEntity extends BaseEntity {
  @Column('text', { default: 'storefront' }) website: Website;
}
