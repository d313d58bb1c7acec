import type { StatisticsMetric, StatisticsReply } from '@shop/contracts';
import useSWR from 'swr';
import { api, apiUrl } from '../api/client';
import type { Period } from './period';

export interface MetricQuery extends Period {
  branch?: number;
  interval?: 'hour' | 'day' | 'week' | 'month';
}

/** One metric of GET /api/statistics/{metric} for a period (SWR: cached per URL, retried on demand). */
export function useMetric(metric: StatisticsMetric, q: MetricQuery) {
  const url = apiUrl(
    '/api/statistics/{metric}',
    { metric },
    {
      from: q.from,
      to: q.to,
      branch: q.branch,
      interval: q.interval,
    },
  );
  return useSWR<StatisticsReply>(url, (u: typeof url) => api.get(u), { revalidateOnFocus: false });
}
