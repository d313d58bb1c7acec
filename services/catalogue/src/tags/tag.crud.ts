import { CRUD_RESOURCES, TagInput, type Tag } from '@shop/contracts';
import { DomainException, requireWriteAccess, type CrudDefinition } from '@shop/server';
import { meta } from '../common/columns.js';
import { BranchEntity } from '../branches/branch.entity.js';
import { TagEntity } from './tag.entity.js';

type Input = ReturnType<typeof TagInput.parse>;

export const tagCrud: CrudDefinition<TagEntity, Input> = {
  ...CRUD_RESOURCES.tags,
  target: TagEntity,
  searchColumns: ['name'],
  order: { weight: 'DESC', name: 'ASC' },
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'admin'),
  assign: (input, e) => void Object.assign(e, input),
  toDto: (e): Tag => ({ ...meta(e), name: e.name, image: e.image, weight: e.weight }),
  async beforeDelete(manager, e) {
    const used = await manager
      .getRepository(BranchEntity)
      .createQueryBuilder('b')
      .where(':id = ANY(b."tagIds")', { id: e.id })
      .getExists();
    if (used) throw DomainException.of('IN_USE', 'http.inUse', { label: CRUD_RESOURCES.tags.label });
  },
};
