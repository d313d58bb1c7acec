import { CRUD_RESOURCES, DonateeInput, type Donatee } from '@shop/contracts';
import type { CrudDefinition } from '@shop/server';
import { adminWrites } from '../common/authorization.js';
import { meta } from '../common/columns.js';
import { DonateeEntity } from './donatee.entity.js';

type Input = ReturnType<typeof DonateeInput.parse>;

export const donateeCrud: CrudDefinition<DonateeEntity, Input> = {
  service: 'catalogue', entity: 'donatee', label: 'Spendenempfänger', target: DonateeEntity, input: DonateeInput,
  filters: CRUD_RESOURCES.donatees.filters,
  identifierColumn: 'identifier', uniqueColumns: ['identifier'], searchColumns: ['name', 'description'],
  order: { name: 'ASC' },
  publicScope: (qb, a) => void qb.andWhere(`${a}."isEnabled"`),
  authorize: (actor, verb) => adminWrites(actor, verb),
  assign: (input, e) => void Object.assign(e, input),
  toDto: (e): Donatee => ({
    ...meta(e), identifier: e.identifier, name: e.name, description: e.description, image: e.image, website: e.website, isEnabled: e.isEnabled,
  }),
};
