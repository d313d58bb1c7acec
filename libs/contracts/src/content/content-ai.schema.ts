import { z } from 'zod';
import type { Image } from './image.schema.js';

/** POST /api/content-ai/generate/site/{id}: what the editor asks for (optional; the site's layout and data ground it). */
export const ContentAiSiteInput = z.object({ prompt: z.string().trim().max(2000).default('') });
export type ContentAiSiteInput = z.input<typeof ContentAiSiteInput>;

/** POST /api/content-ai/generate/image: the picture to generate, stored as an image named `name`. */
export const ContentAiImageInput = z.object({
  prompt: z.string().trim().min(1).max(1000),
  name: z.string().trim().max(255).default(''),
  alt: z.string().trim().max(255).default(''),
});
export type ContentAiImageInput = z.input<typeof ContentAiImageInput>;

/**
 * The BullMQ queue of the content AI's generations. Not one of `QUEUES`: the content service adds these jobs and
 * runs them itself (the grounding reads its schema, a picture is stored as its image), so no worker serves them and
 * no completion report goes back; its job data is `ContentAiJob`.
 */
export const CONTENT_AI_QUEUE = 'content-ai';
export interface ContentAiJob {
  /** the generation (its row holds the kind, the input and the owner) */
  id: string;
}

export type ContentAiKind = 'site' | 'image';
/** queued → running → done | failed; a generation unfinished after CONTENT_AI_GENERATION_TIMEOUT_MS reads failed */
export type ContentAiStatus = 'queued' | 'running' | 'done' | 'failed';

/** GET /api/content-ai/status (issue 43): whether the AI buttons can work (an AI endpoint is configured). */
export interface ContentAiAvailability {
  configured: boolean;
}

/**
 * A content AI generation (POST /api/content-ai/generate/… answers 202 with it, GET /api/content-ai/generations/{id}
 * is polled until it is done or failed). Only its owner sees it.
 */
export interface ContentAiGeneration {
  id: string;
  kind: ContentAiKind;
  status: ContentAiStatus;
  /** done, kind site: the draft of the site's content, valid for its layout (not saved: the editor saves it) */
  content: Record<string, unknown> | null;
  /** done, kind image: the picture, stored as an image of the library */
  image: Image | null;
  /** failed: why, in German */
  message: string | null;
  createdAt: string;
}
