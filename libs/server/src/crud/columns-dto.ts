import { meta, type BaseEntity } from '../database/base.entity.js';

/**
 * A row as the API shows it where its fields are its columns as stored: the meta fields (id, createdAt, updatedAt)
 * and then the named columns, in their order.
 */
export function columnsDto<E extends BaseEntity, K extends keyof E & string>(
  entity: E,
  columns: readonly K[],
): ReturnType<typeof meta> & Pick<E, K> {
  const picked = Object.fromEntries(columns.map((column) => [column, entity[column]])) as Pick<E, K>;
  return { ...meta(entity), ...picked };
}
