import type { NavigationItem, Website } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/** A navigation of a website by identifier (`main-navigation`, `navigation`), its items a tree. */
@Entity('navigation')
@Index('navigation_website_identifier_key', ['website', 'identifier'], { unique: true })
export class NavigationEntity extends BaseEntity {
  @Column('text', { default: 'storefront' }) website: Website;
  @Column('text') identifier: string;
  @Column('jsonb', { default: [] }) items: NavigationItem[];
}
