import { ContentNodeInput, CRUD_RESOURCES, NODE_LAYOUTS, type ContentNode } from '@shop/contracts';
import { type CrudDefinition, equalFilters, meta, onlyPublic, requireWriteAccess } from '@shop/server';
import type { z } from 'zod';
import { checkContent, storedContent } from '../common/content-check.js';
import { NodeEntity } from './node.entity.js';

type Input = z.output<typeof ContentNodeInput>;

/** Content nodes (form, project, object, reference): staff write; visitors read public nodes only. */
export const nodeCrud: CrudDefinition<NodeEntity, Input> = {
  ...CRUD_RESOURCES.nodes,
  target: NodeEntity,
  identifierColumn: 'identifier',
  searchColumns: ['identifier', 'name'],
  uniqueColumns: ['identifier'],
  order: { createdAt: 'DESC' },
  publicScope: onlyPublic,
  applyFilters: equalFilters('type', 'isPublic'),
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'staff'),
  checkReferences: (manager, input) => checkContent(manager, NODE_LAYOUTS[input.type], input.content),
  assign(input, e) {
    const content = storedContent(NODE_LAYOUTS[input.type], input.content);
    Object.assign(e, { ...input, content, name: typeof content.name === 'string' ? content.name : null });
  },
  toDto: (e): ContentNode => ({
    ...meta(e),
    identifier: e.identifier,
    type: e.type,
    isPublic: e.isPublic,
    content: e.content,
  }),
};
