import { Column, Entity, Index } from 'typeorm';
import { WebsiteEntity } from '../common/website.entity.js';

/** A redirect of a website from a source path to a path or URL. */
@Entity('redirect')
@Index('redirect_website_source_key', ['website', 'source'], { unique: true })
export class RedirectEntity extends WebsiteEntity {
  @Column('text') source: string;
  @Column('text') target: string;
  @Column('integer', { default: 301 }) status: 301 | 302;
  /** not stored: the sources of the redirects this save shortened to lead here directly (the answer reports them) */
  shortened?: string[];
}
