import { Inject, Injectable } from '@nestjs/common';
import type { Actor, ContentAiGeneration, RpcMap } from '@shop/contracts';
import { CONFIG, DomainException, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { ContentConfig } from '../config/content-config.js';
import { AiGenerationEntity, toGeneration } from './ai-generation.entity.js';

const GenerationId = z.uuid();

/** GET /api/content-ai/generations/{id}: what the back office polls. Another user's generation does not exist. */
@Injectable()
export class GetGeneration {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: ContentConfig,
  ) {}

  async execute(actor: Actor | null, { id }: RpcMap['content.ai.generation.get']['req']): Promise<ContentAiGeneration> {
    const user = requireAccess(actor, 'staff');
    const row = GenerationId.safeParse(id).success
      ? await this.ds.getRepository(AiGenerationEntity).findOneBy({ id, userId: user.id })
      : null;
    if (!row) throw DomainException.notFound();
    return toGeneration(row, this.config.CONTENT_AI_GENERATION_TIMEOUT_MS);
  }
}
