import type { FieldDefinition, FieldError } from '@shop/contracts';
import { validateContent, type ContentReference } from '@shop/domain';
import { t } from '@shop/i18n-de';
import { sanitizeRichText } from '@shop/server';
import type { EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { BlockEntity } from '../blocks/block.entity.js';
import { NodeEntity } from '../nodes/node.entity.js';
import { SiteEntity } from '../sites/site.entity.js';

/** The content as stored: defaults filled in, rich text sanitised (the layout was checked by checkContent). */
export function storedContent(fields: readonly FieldDefinition[], content: unknown): Record<string, unknown> {
  return validateContent(fields, content, sanitizeRichText).value;
}

/**
 * Checks a site's, node's or block's content against its layout definition, then every reference in it against
 * the database: the target must exist and be of a kind the field accepts. German errors on the field's path.
 */
export async function checkContent(
  manager: EntityManager,
  fields: readonly FieldDefinition[],
  content: unknown,
): Promise<FieldError[]> {
  const { errors, references } = validateContent(fields, content, sanitizeRichText);
  return [...errors, ...(await checkReferences(manager, references))];
}

async function checkReferences(manager: EntityManager, refs: ContentReference[]): Promise<FieldError[]> {
  const ids = (type: string) => [...new Set(refs.filter((r) => r.type === type).map((r) => r.id))];
  const [sites, blocks, nodes] = await Promise.all([
    found(manager, SiteEntity, ids('site')),
    found(manager, BlockEntity, ids('block')),
    manager.getRepository(NodeEntity).find({ where: { id: In(ids('node')) }, select: { id: true, type: true } }),
  ]);
  const nodeTypes = new Map(nodes.map((n) => [n.id, n.type]));
  const errors: FieldError[] = [];
  for (const ref of refs) {
    const exists =
      ref.type === 'site' ? sites.has(ref.id) : ref.type === 'block' ? blocks.has(ref.id) : nodeTypes.has(ref.id);
    if (!['site', 'block', 'node'].includes(ref.type) || !exists) {
      errors.push({ field: ref.path, message: t('content.referenceMissing', { type: ref.type, id: ref.id }) });
      continue;
    }
    const kind = ref.type === 'node' ? (nodeTypes.get(ref.id) ?? ref.type) : ref.type;
    if (!(ref.accepts as readonly string[]).includes(kind))
      errors.push({
        field: ref.path,
        message: t('content.referenceWrongType', { accepts: ref.accepts.join(', '), type: kind }),
      });
  }
  return errors;
}

async function found(
  manager: EntityManager,
  target: typeof SiteEntity | typeof BlockEntity,
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await manager.getRepository(target).find({ where: { id: In(ids) }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}
