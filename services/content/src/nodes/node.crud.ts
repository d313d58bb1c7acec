import { CRUD_RESOURCES, NODE_LAYOUTS, type ContentNode } from '@shop/contracts';
import { columnsDto, defineCrud, equalFilters, onlyPublic } from '@shop/server';
import { checkContent, storedContent } from '../common/content-check.js';
import { NodeEntity } from './node.entity.js';
import { requireContentWrite } from '../common/content-access.js';

/** Content nodes (form, project, object, reference): content editors write; visitors read public nodes only. */
export const nodeCrud = defineCrud(CRUD_RESOURCES.nodes, NodeEntity, {
  identifierColumn: 'identifier',
  searchColumns: ['identifier', 'name'],
  uniqueColumns: ['identifier'],
  order: { createdAt: 'DESC' },
  publicScope: onlyPublic,
  applyFilters: equalFilters('type', 'isPublic'),
  authorize: requireContentWrite,
  checkReferences: (manager, input) => checkContent(manager, NODE_LAYOUTS[input.type], input.content),
  assign(input, e) {
    const content = storedContent(NODE_LAYOUTS[input.type], input.content);
    Object.assign(e, { ...input, content, name: typeof content.name === 'string' ? content.name : null });
  },
  toDto: (e): ContentNode => columnsDto(e, ['identifier', 'type', 'isPublic', 'content']),
});
