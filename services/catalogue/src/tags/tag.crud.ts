import { CRUD_RESOURCES, type Tag } from '@shop/contracts';
import { columnsDto, defineCrud, listedIn, refuseDeleteWhileUsed, requireWriteAccess } from '@shop/server';
import { BranchEntity } from '../branches/branch.entity.js';
import { TagEntity } from './tag.entity.js';

export const tagCrud = defineCrud(CRUD_RESOURCES.tags, TagEntity, {
  searchColumns: ['name'],
  order: { weight: 'DESC', name: 'ASC' },
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'admin'),
  assign: (input, e) => void Object.assign(e, input),
  toDto: (e): Tag => columnsDto(e, ['name', 'image', 'weight']),
  beforeDelete: refuseDeleteWhileUsed(CRUD_RESOURCES.tags.label, listedIn(BranchEntity, 'tagIds')),
});
