import { CRUD_RESOURCES, StreamInput, type Stream } from '@shop/contracts';
import { type CrudDefinition, DomainException, meta, missingReferences } from '@shop/server';
import type { z } from 'zod';
import { signageContentAccess } from '../scenes/scene.crud.js';
import { SceneEntity } from '../scenes/scene.entity.js';
import { SegmentEntity } from '../segments/segment.entity.js';
import { StreamEntity } from './stream.entity.js';

type Input = z.output<typeof StreamInput>;

/** Streams: their segments in playing order (reordering is a PUT with the new order). */
export const streamCrud: CrudDefinition<StreamEntity, Input> = {
  ...CRUD_RESOURCES['digital-signage-streams'],
  target: StreamEntity,
  searchColumns: ['name'],
  order: { name: 'ASC' },
  applyFilters(qb, a, f) {
    if (f.segment !== undefined) qb.andWhere(`:segment = ANY(${a}.segments)`, { segment: f.segment });
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
  async beforeDelete(m, e) {
    const used = await m
      .getRepository(SceneEntity)
      .createQueryBuilder('s')
      .where('s.regions @> :region::jsonb', { region: JSON.stringify([{ stream: e.id }]) })
      .getExists();
    if (used)
      throw DomainException.of('IN_USE', 'http.inUse', { label: CRUD_RESOURCES['digital-signage-streams'].label });
  },
  toDto: (e): Stream => ({ ...meta(e), name: e.name, segments: e.segments }),
};
