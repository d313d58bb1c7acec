import { COUNTRIES, LAW_RULE_SETS, TimeZone } from '@shop/contracts';
import { BaseConfigSchema, loadConfig } from '@shop/server';
import { z } from 'zod';

export const TimeTrackingConfigSchema = BaseConfigSchema.extend({
  TIME_TRACKING_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3108),
  /** days, weeks and months of time sheets are local to this zone (the branches' zone) */
  TIME_TRACKING_TIME_ZONE: TimeZone.default('Europe/Vienna'),
  /** the working-time law rule set: Austria (AZG) by default, Germany (ArbZG) selectable */
  WORKING_TIME_RULES: z.enum(LAW_RULE_SETS).default('AT'),
  /**
   * public holidays (issue 41, date-holidays): the country of a branch the catalogue does not answer for, and the
   * state whose holidays branches of that country keep when no state is set for the branch
   * (`PUT /api/time-sheets/public-holiday-regions`; date-holidays' codes, e.g. '9' Vienna, 'BY' Bavaria; empty: the
   * country's only)
   */
  TIME_TRACKING_HOLIDAY_COUNTRY: z.enum(COUNTRIES).default('AT'),
  TIME_TRACKING_HOLIDAY_STATE: z
    .string()
    .max(10)
    .default('')
    .transform((v) => v.trim() || null),
  /** wrong personal codes in a row before a terminal login is locked, and for how long */
  ACCESS_TOKEN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  ACCESS_TOKEN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
});
export type TimeTrackingConfig = z.infer<typeof TimeTrackingConfigSchema>;
export const loadTimeTrackingConfig = (env?: Record<string, string | undefined>) =>
  loadConfig(TimeTrackingConfigSchema, env);
