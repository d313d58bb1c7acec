import { Injectable } from '@nestjs/common';
import type { Actor, StreamPreview as StreamPreviewDto } from '@shop/contracts';
import { DomainException, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { StreamEntity } from '../../../streams/stream.entity.js';
import { segmentsById, segmentView } from '../shared/player-scenes.js';
import { CRUD_RESOURCES } from '@shop/contracts';

/** Staff: a stream's segments as a player would play them, in order, for the back office's preview. */
@Injectable()
export class StreamPreview {
  constructor(private readonly ds: DataSource) {}

  async execute(actor: Actor | null, id: number): Promise<StreamPreviewDto> {
    requireAccess(actor, 'staff');
    const stream = await this.ds.getRepository(StreamEntity).findOneBy({ id });
    if (!stream) throw DomainException.notFound(CRUD_RESOURCES['digital-signage-streams'].label);
    const segments = await segmentsById(this.ds.manager, stream.segments);
    return {
      id: stream.id,
      name: stream.name,
      segments: stream.segments.flatMap((id) => {
        const segment = segments.get(id);
        return segment ? [segmentView(segment)] : [];
      }),
    };
  }
}
