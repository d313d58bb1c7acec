import { BLOCK_TYPES, BlockInput, CRUD_RESOURCES, type Block } from '@shop/contracts';
import { type CrudDefinition, equalFilters, meta, onlyPublic, requireWriteAccess } from '@shop/server';
import type { z } from 'zod';
import { checkContent, storedContent } from '../common/content-check.js';
import { BlockEntity } from './block.entity.js';

type Input = z.output<typeof BlockInput>;

/** Reusable blocks by identifier: staff write; visitors read public blocks only. */
export const blockCrud: CrudDefinition<BlockEntity, Input> = {
  ...CRUD_RESOURCES.blocks,
  target: BlockEntity,
  identifierColumn: 'identifier',
  searchColumns: ['identifier'],
  uniqueColumns: ['identifier'],
  order: { identifier: 'ASC' },
  publicScope: onlyPublic,
  applyFilters: equalFilters('type'),
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'staff'),
  checkReferences: (manager, input) => checkContent(manager, BLOCK_TYPES[input.type].fields, input.content),
  assign(input, e) {
    Object.assign(e, { ...input, content: storedContent(BLOCK_TYPES[input.type].fields, input.content) });
  },
  toDto: (e): Block => ({
    ...meta(e),
    identifier: e.identifier,
    type: e.type,
    isPublic: e.isPublic,
    content: e.content,
  }),
};
