import { CRUD_RESOURCES, type Segment } from '@shop/contracts';
import { columnsDto, defineCrud, equalFilters, listedIn, refuseDeleteWhileUsed } from '@shop/server';
import { signageContentAccess } from '../scenes/scene.crud.js';
import { StreamEntity } from '../streams/stream.entity.js';
import { SegmentEntity } from './segment.entity.js';

/**
 * Segments ('Filmsequenz'). An image is kept as its file reference (id, version, extension): its URL is immutable
 * and the content service keeps the files of replaced versions, like every other service naming an image.
 */
export const segmentCrud = defineCrud(CRUD_RESOURCES['digital-signage-segments'], SegmentEntity, {
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
  beforeDelete: refuseDeleteWhileUsed(
    CRUD_RESOURCES['digital-signage-segments'].label,
    listedIn(StreamEntity, 'segments'),
  ),
  toDto: (e): Segment =>
    columnsDto(e, ['name', 'type', 'image', 'url', 'text', 'durationSeconds', 'daypart', 'transition', 'frameOrigins']),
});
