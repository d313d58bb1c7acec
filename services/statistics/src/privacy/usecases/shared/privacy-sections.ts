import type { PrivacySection, StatisticsMetric } from '@shop/contracts';
import { STATISTICS_PRIVACY_TEXTS as F } from '@shop/i18n-de';
import type { EventCandidate, LogCandidate } from '../../privacy.repository.js';
import type { PersonalText } from './personal-text.js';

/**
 * The analytics metrics whose rollup keys are text the storefront sent (a page, an action, a referrer …): a key that
 * names the subject is renamed with the raw events it was counted from. The order metrics' keys are origins and
 * product names, the work metrics' user ids: no customer data.
 */
export const ANALYTICS_TEXT_METRICS: StatisticsMetric[] = [
  'pages',
  'events',
  'event-flow',
  'referrers',
  'resolutions',
  'device-pixel-ratios',
  'color-schemes',
  'browsers',
  'operating-systems',
];

/** Whether a log entry's message or context mentions the subject. */
export const logMentions = (text: PersonalText, l: LogCandidate): boolean =>
  text.mentions(l.message) || text.mentionsValue(l.context);

/** Whether an analytics event's action, category, page or data mentions the subject. */
export const eventMentions = (text: PersonalText, e: EventCandidate): boolean =>
  text.mentionsValue([e.action, e.category, e.page, e.data]);

/** The export's sections (German field names of STATISTICS_PRIVACY_TEXTS): the log entries and the analytics events naming the subject. */
export function privacySections(logs: LogCandidate[], events: EventCandidate[]): PrivacySection[] {
  return [
    {
      kind: 'logs',
      rows: logs.map((l) => ({
        [F.logs.createdAt]: new Date(l.createdAt).toISOString(),
        [F.logs.level]: l.level,
        [F.logs.source]: l.source,
        [F.logs.code]: l.code,
        [F.logs.message]: l.message,
      })),
    },
    {
      kind: 'analytics',
      rows: events.map((e) => ({
        [F.analytics.occurredAt]: new Date(e.occurredAt).toISOString(),
        [F.analytics.type]: e.type,
        [F.analytics.action]: e.action,
        [F.analytics.page]: e.page ?? (typeof e.data.path === 'string' ? e.data.path : null),
      })),
    },
  ];
}
