import { CRUD_RESOURCES, type Stream } from '@shop/contracts';
import {
  columnFilters,
  columnsDto,
  containedIn,
  defineCrud,
  missingReferences,
  refuseDeleteWhileUsed,
} from '@shop/server';
import { signageContentAccess } from '../scenes/scene.crud.js';
import { SceneEntity } from '../scenes/scene.entity.js';
import { SegmentEntity } from '../segments/segment.entity.js';
import { StreamEntity } from './stream.entity.js';

/** Streams: their segments in playing order (reordering is a PUT with the new order). */
export const streamCrud = defineCrud(CRUD_RESOURCES['digital-signage-streams'], StreamEntity, {
  searchColumns: ['name'],
  order: { name: 'ASC' },
  applyFilters(qb, a, f) {
    columnFilters<StreamEntity>({ segment: { holds: 'segments' } })(qb, a, f);
    if (f.scene !== undefined)
      qb.andWhere(
        `${a}.id IN (SELECT (r->>'stream')::int FROM "signage"."scene" s, jsonb_array_elements(s.regions) r WHERE s.id = :scene)`,
        { scene: f.scene },
      );
  },
  authorize: signageContentAccess,
  checkReferences: (m, input) =>
    missingReferences(
      m,
      SegmentEntity,
      CRUD_RESOURCES['digital-signage-segments'].label,
      input.segments.map((id, i) => ({ field: `segments.${i}`, id })),
    ),
  assign: (input, e) => void Object.assign(e, input),
  beforeDelete: refuseDeleteWhileUsed(
    CRUD_RESOURCES['digital-signage-streams'].label,
    containedIn(SceneEntity, 'regions', (id) => [{ stream: id }]),
  ),
  toDto: (e): Stream => columnsDto(e, ['name', 'segments']),
});
