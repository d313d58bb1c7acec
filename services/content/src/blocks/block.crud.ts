import { BLOCK_TYPES, CRUD_RESOURCES, type Block } from '@shop/contracts';
import { columnsDto, defineCrud, equalFilters, onlyPublic } from '@shop/server';
import { checkContent, storedContent } from '../common/content-check.js';
import { BlockEntity } from './block.entity.js';
import { requireContentWrite } from '../common/content-access.js';

/** Reusable blocks by identifier: content editors write; visitors read public blocks only. */
export const blockCrud = defineCrud(CRUD_RESOURCES.blocks, BlockEntity, {
  identifierColumn: 'identifier',
  searchColumns: ['identifier'],
  uniqueColumns: ['identifier'],
  order: { identifier: 'ASC' },
  publicScope: onlyPublic,
  applyFilters: equalFilters('type'),
  authorize: requireContentWrite,
  checkReferences: (manager, input) => checkContent(manager, BLOCK_TYPES[input.type].fields, input.content),
  assign(input, e) {
    Object.assign(e, { ...input, content: storedContent(BLOCK_TYPES[input.type].fields, input.content) });
  },
  toDto: (e): Block => columnsDto(e, ['identifier', 'type', 'isPublic', 'content']),
});
