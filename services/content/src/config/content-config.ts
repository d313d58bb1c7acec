import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

export const ContentConfigSchema = BaseConfigSchema.extend({
  CONTENT_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3104),
  /** uploads are stored under FILES_DIR/upload/{publicHash}/{id}-{version}.{extension} */
  FILES_DIR: z.string().default('var/files'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
});
export type ContentConfig = z.infer<typeof ContentConfigSchema>;
export const loadContentConfig = (env?: Record<string, string | undefined>) => loadConfig(ContentConfigSchema, env);
