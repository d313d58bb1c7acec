import { BRANCH_EMPLOYEE_FIELDS, CRUD_RESOURCES, type Actor, type Branch, type FieldError } from '@shop/contracts';
import { backofficeTexts, t } from '@shop/i18n-de';
import {
  canAccess,
  columnFilters,
  defineCrud,
  DomainException,
  listedIn,
  missingReferences,
  referencedBy,
  refuseDeleteWhileUsed,
  requireWriteAccess,
} from '@shop/server';
import { meta } from '../common/columns.js';
import { DivisionEntity } from '../divisions/division.entity.js';
import { MenuEntity } from '../menus/menu.entity.js';
import { TableEntity } from '../tables/table.entity.js';
import { TagEntity } from '../tags/tag.entity.js';
import { newScreenKey } from './branch-screen-key.js';
import { BranchEntity } from './branch.entity.js';

/** The key opens the branch's counter screens: administrators and the branch's own employees only. */
const mayReadApiKey = (actor: Actor | null, branchId: number): boolean => canAccess(actor, 'branch', [branchId]);

export function branchToDto(e: BranchEntity, actor: Actor | null): Branch {
  const { tagIds, divisionId, division: _d, apiKey, id, createdAt, updatedAt, ...fields } = e;
  return {
    ...meta(e),
    ...fields,
    division: divisionId === null ? null : { id: divisionId },
    tags: tagIds.map((tagId) => ({ id: tagId })),
    ...(mayReadApiKey(actor, id) ? { apiKey } : {}),
  };
}

/** The same value, whatever the order of an object's keys (jsonb keeps its own) and of a branch's tags. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b || (a == null && b == null)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  return [...keys].every((k) => sameValue(ra[k], rb[k]));
}

const EMPLOYEE_FIELDS: ReadonlySet<string> = new Set(BRANCH_EMPLOYEE_FIELDS);
const FIELD_LABELS: Record<string, string> = backofficeTexts.fields;
const tagIds = (tags: unknown): number[] => [...new Set((tags as { id: number }[]).map((tag) => tag.id))];

/**
 * issue 42 item 6: an employee (not an administrator) changes only the branch's day-to-day settings
 * (BRANCH_EMPLOYEE_FIELDS); any other field whose value differs from the stored one is refused with a 403 that
 * names it. The form sends the whole branch, so unchanged fields pass.
 */
export function refuseAdminOnlyChanges(actor: Actor, existing: BranchEntity, input: Record<string, unknown>): void {
  if (canAccess(actor, 'admin')) return;
  const stored = branchToDto(existing, null) as unknown as Record<string, unknown>;
  const errors: FieldError[] = Object.keys(input)
    .filter((field) => !EMPLOYEE_FIELDS.has(field))
    .filter((field) =>
      field === 'tags' ? !sameValue(tagIds(input.tags), existing.tagIds) : !sameValue(input[field], stored[field]),
    )
    .map((field) => ({ field, message: t('http.branchFieldAdminOnly', { field: FIELD_LABELS[field] ?? field }) }));
  if (errors.length) throw new DomainException('FORBIDDEN', errors);
}

export const branchCrud = defineCrud(CRUD_RESOURCES.branches, BranchEntity, {
  identifierColumn: 'identifier',
  uniqueColumns: ['identifier', 'apiKey'],
  searchColumns: ['name', 'street', 'city', 'zipCode', 'keywords', 'identifier'],
  order: { weight: 'DESC', name: 'ASC' },
  publicScope: (qb, a) => void qb.andWhere(`${a}."isPublic" AND ${a}."isEnabled"`),
  applyFilters: columnFilters({
    division: 'divisionId',
    tag: { holds: 'tagIds' },
    isPublic: 'isPublic',
    isEnabled: 'isEnabled',
  }),
  async checkReferences(manager, input) {
    return [
      ...(await missingReferences(
        manager,
        DivisionEntity,
        CRUD_RESOURCES.divisions.label,
        input.division ? [{ field: 'division', id: input.division.id }] : [],
      )),
      ...(await missingReferences(
        manager,
        TagEntity,
        CRUD_RESOURCES.tags.label,
        input.tags.map((tag, i) => ({ field: `tags.${i}`, id: tag.id })),
      )),
    ];
  },
  authorize(actor, verb, existing, input) {
    if (verb === 'update' && existing) {
      requireWriteAccess(actor, verb, 'branch', [existing.id]);
      if (actor && input) refuseAdminOnlyChanges(actor, existing, input);
      return;
    }
    requireWriteAccess(actor, verb, 'admin');
  },
  assign(input, e) {
    const { division, tags, ...fields } = input;
    Object.assign(e, fields);
    e.divisionId = division?.id ?? null;
    e.tagIds = [...new Set(tags.map((tag) => tag.id))];
    // the counter-screen key is the server's: generated once, replaced only by rotation (branch-screen-key.controller)
    e.apiKey ??= newScreenKey();
  },
  toDto: branchToDto,
  // the order service opens counter screens with the branch's API key
  serviceDto: (e) => ({ ...branchToDto(e, null), apiKey: e.apiKey }),
  beforeDelete: refuseDeleteWhileUsed(
    CRUD_RESOURCES.branches.label,
    listedIn(MenuEntity, 'branches'),
    referencedBy(TableEntity, 'branchId'),
  ),
});
