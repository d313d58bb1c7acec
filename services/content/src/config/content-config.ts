import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';
import { IMAGE_LIMIT_DEFAULTS } from '../images/image-processing.js';

export const ContentConfigSchema = BaseConfigSchema.extend({
  CONTENT_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3104),
  /** uploads under FILES_DIR/upload/{publicHash}/, images under FILES_DIR/image/ */
  FILES_DIR: z.string().default('var/files'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  IMAGE_MAX_BYTES: z.coerce.number().int().min(1024).default(IMAGE_LIMIT_DEFAULTS.maxBytes),
  IMAGE_MAX_WIDTH: z.coerce.number().int().min(1).default(IMAGE_LIMIT_DEFAULTS.maxWidth),
  IMAGE_MAX_HEIGHT: z.coerce.number().int().min(1).default(IMAGE_LIMIT_DEFAULTS.maxHeight),
});
export type ContentConfig = z.infer<typeof ContentConfigSchema>;
export const loadContentConfig = (env?: Record<string, string | undefined>) => loadConfig(ContentConfigSchema, env);
