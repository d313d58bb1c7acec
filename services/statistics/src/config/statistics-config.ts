import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

export const StatisticsConfigSchema = BaseConfigSchema.extend({
  STATISTICS_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3107),
  /** system log entries are deleted this many days after they happened */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** repeated 500s of the same fingerprint within this many minutes are one system log entry with a count */
  LOG_ERROR_DEDUP_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** analytics events are deleted this many days after they happened */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(395),
  /** the shop's time zone: statistics buckets (days, weeks, weekday × hour) are its calendar */
  SHOP_TIME_ZONE: z
    .string()
    .default('Europe/Vienna')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'unknown time zone'),
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
});
export type StatisticsConfig = z.infer<typeof StatisticsConfigSchema>;
export const loadStatisticsConfig = (env?: Record<string, string | undefined>) =>
  loadConfig(StatisticsConfigSchema, env);
