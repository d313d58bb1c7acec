import { holdsUnsafeLink, linksIn, unsafeLinkScheme, type FieldDefinition, type FieldError } from '@shop/contracts';
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
  return [...errors, ...unsafeLinks(content, 'content'), ...(await checkReferences(manager, references))];
}

/** Keys whose whole value is a link (a link's `href` and `to`, a video's `url`, …). */
const LINK_KEY = /^(href|to|src|url|link)$|(Url|Link|Href)$/;

/**
 * Issue 42: the links of the content as typed, before the rich text is sanitised (which would drop them silently):
 * a link field's value, and the href, src and action attributes of rich text and Markdown links, must not be
 * `javascript:`, `data:` or `vbscript:`. One German error on each field that holds one.
 */
export function unsafeLinks(value: unknown, at: string, key = ''): FieldError[] {
  if (typeof value === 'string') {
    const unsafe = LINK_KEY.test(key) ? holdsUnsafeLink(value) : linksIn(value).some((url) => unsafeLinkScheme(url));
    return unsafe ? [{ field: at, message: t('content.unsafeLink') }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => unsafeLinks(item, `${at}.${i}`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => unsafeLinks(v, `${at}.${k}`, k));
  return [];
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
