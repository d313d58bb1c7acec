import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

export const StatisticsConfigSchema = BaseConfigSchema.extend({
  STATISTICS_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3107),
  /** system log entries are deleted this many days after they happened */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** analytics events are deleted this many days after they happened */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(395),
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
});
export type StatisticsConfig = z.infer<typeof StatisticsConfigSchema>;
export const loadStatisticsConfig = (env?: Record<string, string | undefined>) =>
  loadConfig(StatisticsConfigSchema, env);
