import { CRUD_RESOURCES, type Donatee } from '@shop/contracts';
import { columnsDto, defineCrud, requireWriteAccess } from '@shop/server';
import { DonateeEntity } from './donatee.entity.js';

export const donateeCrud = defineCrud(CRUD_RESOURCES.donatees, DonateeEntity, {
  identifierColumn: 'identifier',
  uniqueColumns: ['identifier'],
  searchColumns: ['name', 'description'],
  order: { name: 'ASC' },
  publicScope: (qb, a) => void qb.andWhere(`${a}."isEnabled"`),
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'admin'),
  assign: (input, e) => void Object.assign(e, input),
  toDto: (e): Donatee => columnsDto(e, ['identifier', 'name', 'description', 'image', 'website', 'isEnabled']),
});
