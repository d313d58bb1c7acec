import type { FieldError } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { In, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';

/** Field errors for referenced ids that do not exist ('Filiale mit der ID 9 wurde nicht gefunden.'). */
export async function missingReferences(
  manager: EntityManager,
  target: EntityTarget<ObjectLiteral>,
  label: string,
  refs: Array<{ field: string; id: number }>,
): Promise<FieldError[]> {
  if (refs.length === 0) return [];
  const ids = [...new Set(refs.map((r) => r.id))];
  const found = new Set(
    (await manager.getRepository(target).find({ where: { id: In(ids) }, select: { id: true } })).map((r) => r.id),
  );
  return refs
    .filter((r) => !found.has(r.id))
    .map((r) => ({ field: r.field, message: t('validation.referenceNotFound', { label, id: r.id }) }));
}
