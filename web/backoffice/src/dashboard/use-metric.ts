import type {
  StatisticsMetric,
  StatisticsReply,
  UserProfileStatistics,
  UserProfileWorkingActivities,
} from '@shop/contracts';
import useSWR from 'swr';
import { api, apiUrl } from '../api/client';
import type { Period, SeriesInterval } from './period';

export interface MetricQuery extends Period {
  branch?: number;
  interval?: SeriesInterval;
}

/**
 * One metric of GET /api/statistics/{metric} for a period, with the period before it (`compare=previous`, issue 41:
 * the reply's `previous`, no second request). SWR: cached per URL, so the KPI tiles and the cards that show the same
 * metric share one request.
 */
export function useMetric(metric: StatisticsMetric, q: MetricQuery) {
  const url = apiUrl(
    '/api/statistics/{metric}',
    { metric },
    { from: q.from, to: q.to, branch: q.branch, interval: q.interval, compare: 'previous' },
  );
  return useSWR<StatisticsReply>(url, (u: typeof url) => api.get(u), { revalidateOnFocus: false });
}

/** GET /api/statistics/user-profile: worked, planned and balance hours of a user in a period and up to now. */
export function useUserProfile(user: number | undefined, p: Period) {
  const url = user ? apiUrl('/api/statistics/user-profile', {}, { user, start: p.from, end: p.to }) : null;
  return useSWR<UserProfileStatistics>(url, (u: NonNullable<typeof url>) => api.get(u), { revalidateOnFocus: false });
}

/** GET /api/statistics/user-profile-working-activities: a user's worked hours per day of the period. */
export function useUserActivities(user: number | undefined, p: Period) {
  const url = user
    ? apiUrl('/api/statistics/user-profile-working-activities', {}, { user, start: p.from, end: p.to })
    : null;
  return useSWR<UserProfileWorkingActivities>(url, (u: NonNullable<typeof url>) => api.get(u), {
    revalidateOnFocus: false,
  });
}
