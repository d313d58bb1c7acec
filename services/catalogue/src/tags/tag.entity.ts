import type { FileRef } from '@shop/contracts';
import { Column, Entity } from 'typeorm';
import { BaseEntity, Int, Json } from '../common/columns.js';

@Entity('tag')
export class TagEntity extends BaseEntity {
  @Column('text') name: string;
  @Json(true) image: FileRef | null;
  @Int() weight: number;
}
