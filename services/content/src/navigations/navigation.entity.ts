import type { NavigationItem } from '@shop/contracts';
import { Column, Entity, Index } from 'typeorm';
import { WebsiteEntity } from '../common/website.entity.js';

/** A navigation of a website by identifier (`main-navigation`, `navigation`), its items a tree. */
@Entity('navigation')
@Index('navigation_website_identifier_key', ['website', 'identifier'], { unique: true })
export class NavigationEntity extends WebsiteEntity {
  @Column('text') identifier: string;
  @Column('jsonb', { default: [] }) items: NavigationItem[];
}
