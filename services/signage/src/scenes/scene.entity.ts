import type { SceneRegion } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/** What a screen shows, found by its path: regions that each play a stream. */
@Entity('scene')
@Index('scene_path_key', ['path'], { unique: true })
export class SceneEntity extends BaseEntity {
  @Column('text') path: string;
  @Column('text') name: string;
  @Column('text', { default: '#000000' }) background: string;
  @Column('jsonb', { default: [] }) regions: SceneRegion[];
}
