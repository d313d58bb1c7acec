import { CRUD_RESOURCES, DonateeInput, type Donatee } from '@shop/contracts';
import { requireWriteAccess } from '@shop/server';
import type { CrudDefinition } from '@shop/server';
import { meta } from '../common/columns.js';
import { DonateeEntity } from './donatee.entity.js';

type Input = ReturnType<typeof DonateeInput.parse>;

export const donateeCrud: CrudDefinition<DonateeEntity, Input> = {
  ...CRUD_RESOURCES.donatees,
  target: DonateeEntity,
  identifierColumn: 'identifier',
  uniqueColumns: ['identifier'],
  searchColumns: ['name', 'description'],
  order: { name: 'ASC' },
  publicScope: (qb, a) => void qb.andWhere(`${a}."isEnabled"`),
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'admin'),
  assign: (input, e) => void Object.assign(e, input),
  toDto: (e): Donatee => ({
    ...meta(e),
    identifier: e.identifier,
    name: e.name,
    description: e.description,
    image: e.image,
    website: e.website,
    isEnabled: e.isEnabled,
  }),
};
