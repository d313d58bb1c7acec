import { CRUD_RESOURCES, type Actor, type Branch } from '@shop/contracts';
import {
  canAccess,
  columnFilters,
  defineCrud,
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
  authorize(actor, verb, existing) {
    if (verb === 'update' && existing) return requireWriteAccess(actor, verb, 'branch', [existing.id]);
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
