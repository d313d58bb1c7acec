import { BranchInput, CRUD_RESOURCES, type Actor, type Branch } from '@shop/contracts';
import { canAccess, DomainException, missingReferences, requireWriteAccess, type CrudDefinition } from '@shop/server';
import { meta } from '../common/columns.js';
import { DivisionEntity } from '../divisions/division.entity.js';
import { MenuEntity } from '../menus/menu.entity.js';
import { TableEntity } from '../tables/table.entity.js';
import { TagEntity } from '../tags/tag.entity.js';
import { newScreenKey } from './branch-screen-key.js';
import { BranchEntity } from './branch.entity.js';

type Input = ReturnType<typeof BranchInput.parse>;

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

export const branchCrud: CrudDefinition<BranchEntity, Input> = {
  ...CRUD_RESOURCES.branches,
  target: BranchEntity,
  identifierColumn: 'identifier',
  uniqueColumns: ['identifier', 'apiKey'],
  searchColumns: ['name', 'street', 'city', 'zipCode', 'keywords', 'identifier'],
  order: { weight: 'DESC', name: 'ASC' },
  publicScope: (qb, a) => void qb.andWhere(`${a}."isPublic" AND ${a}."isEnabled"`),
  applyFilters(qb, a, f) {
    if (f.division !== undefined) qb.andWhere(`${a}."divisionId" = :division`, { division: f.division });
    if (f.tag !== undefined) qb.andWhere(`:tag = ANY(${a}."tagIds")`, { tag: f.tag });
    if (f.isPublic !== undefined) qb.andWhere(`${a}."isPublic" = :isPublic`, { isPublic: f.isPublic });
    if (f.isEnabled !== undefined) qb.andWhere(`${a}."isEnabled" = :isEnabled`, { isEnabled: f.isEnabled });
  },
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
  async beforeDelete(manager, e) {
    const inMenus = await manager
      .getRepository(MenuEntity)
      .createQueryBuilder('m')
      .where(':id = ANY(m.branches)', { id: e.id })
      .getExists();
    const hasTables = await manager.getRepository(TableEntity).existsBy({ branchId: e.id });
    if (inMenus || hasTables)
      throw DomainException.of('IN_USE', 'http.inUse', { label: CRUD_RESOURCES.branches.label });
  },
};
