import { Inject, Injectable } from '@nestjs/common';
import type { Actor, ContentAiAvailability } from '@shop/contracts';
import { CONFIG, requireAccess } from '@shop/server';
import type { ContentConfig } from '../config/content-config.js';

/**
 * GET /api/content-ai/status (issue 43): whether an AI endpoint is configured (CONTENT_AI_URL). The back office asks
 * before it offers its AI buttons: without one they are disabled with the reason instead of failing with a 503.
 */
@Injectable()
export class GetAiStatus {
  constructor(@Inject(CONFIG) private readonly config: ContentConfig) {}

  execute(actor: Actor | null): ContentAiAvailability {
    requireAccess(actor, 'staff');
    return { configured: Boolean(this.config.CONTENT_AI_URL) };
  }
}
