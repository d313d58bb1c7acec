import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

export const CatalogueConfigSchema = BaseConfigSchema.extend({
  CATALOGUE_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3101),
  /** where seeded demo images are copied (served by the gateway at /image/...) */
  FILES_DIR: z.string().default('var/files'),
});
export type CatalogueConfig = z.infer<typeof CatalogueConfigSchema>;

export const loadCatalogueConfig = (env?: Record<string, string | undefined>) => loadConfig(CatalogueConfigSchema, env);
