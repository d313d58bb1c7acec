import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

export const StatisticsConfigSchema = BaseConfigSchema.extend({
  STATISTICS_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3107),
});
export type StatisticsConfig = z.infer<typeof StatisticsConfigSchema>;
export const loadStatisticsConfig = (env?: Record<string, string | undefined>) =>
  loadConfig(StatisticsConfigSchema, env);
