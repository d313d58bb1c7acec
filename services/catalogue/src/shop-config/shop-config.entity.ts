import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The shop configuration is one settings document (storefront-presenter.md §1, backoffice-platform.md §3),
 * validated as a whole by ConfigInput; it is stored as one JSONB row because it is always read and
 * written whole and has no relations.
 */
@Entity('shop_config')
export class ShopConfigEntity {
  @PrimaryColumn('integer') id: number;
  @Column('jsonb') data: Record<string, unknown>;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
