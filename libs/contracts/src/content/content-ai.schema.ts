import { z } from 'zod';

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
