import { CRUD_RESOURCES, SegmentInput, type Segment } from '@shop/contracts';
import { type CrudDefinition, DomainException, equalFilters, meta } from '@shop/server';
import type { z } from 'zod';
import { signageContentAccess } from '../scenes/scene.crud.js';
import { StreamEntity } from '../streams/stream.entity.js';
import { SegmentEntity } from './segment.entity.js';

type Input = z.output<typeof SegmentInput>;

/**
 * Segments ('Filmsequenz'). An image is kept as its file reference (id, version, extension): its URL is immutable
 * and the content service keeps the files of replaced versions, like every other service naming an image.
 */
export const segmentCrud: CrudDefinition<SegmentEntity, Input> = {
  ...CRUD_RESOURCES['digital-signage-segments'],
  target: SegmentEntity,
  searchColumns: ['name', 'text'],
  order: { name: 'ASC' },
  applyFilters(qb, a, f) {
    equalFilters<SegmentEntity>('type')(qb, a, f);
    if (f.stream !== undefined)
      qb.andWhere(`${a}.id = ANY(SELECT unnest(segments) FROM "signage"."stream" WHERE id = :stream)`, {
        stream: f.stream,
      });
  },
  authorize: signageContentAccess,
  assign(input, e) {
    // only the field of its type is kept: a text segment keeps no stale URL
    Object.assign(e, {
      ...input,
      image: input.type === 'image' ? input.image : null,
      url: input.type === 'video' || input.type === 'web' ? input.url : null,
      text: input.type === 'text' ? input.text : null,
      frameOrigins: input.type === 'web' ? [...new Set(input.frameOrigins)] : [],
    });
  },
  async beforeDelete(m, e) {
    const used = await m
      .getRepository(StreamEntity)
      .createQueryBuilder('s')
      .where(':id = ANY(s.segments)', { id: e.id })
      .getExists();
    if (used)
      throw DomainException.of('IN_USE', 'http.inUse', { label: CRUD_RESOURCES['digital-signage-segments'].label });
  },
  toDto: (e): Segment => ({
    ...meta(e),
    name: e.name,
    type: e.type,
    image: e.image,
    url: e.url,
    text: e.text,
    durationSeconds: e.durationSeconds,
    daypart: e.daypart,
    transition: e.transition,
    frameOrigins: e.frameOrigins,
  }),
};
