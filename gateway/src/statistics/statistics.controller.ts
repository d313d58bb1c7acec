import { Controller } from '@nestjs/common';
import { ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { STATISTICS_COMPARISONS, STATISTICS_INTERVALS, STATISTICS_METRICS } from '@shop/contracts';
import { STAFF_ROLES } from '../auth/access.js';
import { createHttpController, forward, withQuery } from '../bus/http-routes.js';

const PERIOD = 'a date (whole days in the shop time zone) or an ISO date-time with offset';

/**
 * A figure of an employee's profile: its query (the user and the period from start to end; `upToNow`: and `now`
 * within it) goes to the subject as it is.
 */
const profile = (
  subject: 'statistics.user-profile.get' | 'statistics.user-profile.working-activities',
  { upToNow }: { upToNow: boolean },
) => ({
  decorators: [
    ApiQuery({ name: 'user', required: true }),
    ApiQuery({ name: 'start', required: true, description: PERIOD }),
    ...(upToNow ? [ApiQuery({ name: 'now', required: false, description: PERIOD })] : []),
    ApiQuery({ name: 'end', required: true, description: PERIOD }),
  ],
  ...forward(subject, withQuery),
});

/**
 * backoffice-platform.md §7 `GET /statistics/{metric}` (from, to), `/statistics/user-profile` (user, start, now,
 * end) and `/statistics/user-profile-working-activities` (user, start, end), answered by the statistics service
 * from its own rollups and read models. Staff only (401 without a session); the statistics service scopes
 * employees to their own branches (403 for another branch).
 */
@ApiTags('statistics')
@Controller('api/statistics')
export class StatisticsController extends createHttpController([
  {
    name: 'userProfile',
    method: 'get',
    path: 'user-profile',
    access: STAFF_ROLES,
    summary: "An employee's worked, planned and balance hours for the period and up to now",
    ...profile('statistics.user-profile.get', { upToNow: true }),
  },
  {
    name: 'userProfileActivities',
    method: 'get',
    path: 'user-profile-working-activities',
    access: STAFF_ROLES,
    summary: "An employee's working activities per day of the period, in hours",
    ...profile('statistics.user-profile.working-activities', { upToNow: false }),
  },
  {
    name: 'metric',
    method: 'get',
    path: ':metric',
    access: STAFF_ROLES,
    summary:
      'One metric for a period: { total, series (buckets in the shop time zone), breakdown (top list), cells (weekday × hour) }; items and popular-items per unit (totals, and a unit on every row); compare=previous adds the period before',
    decorators: [
      ApiParam({ name: 'metric', enum: STATISTICS_METRICS }),
      ApiQuery({ name: 'from', required: true, description: `${PERIOD} (1970 to 2999)` }),
      ApiQuery({
        name: 'to',
        required: true,
        description: `${PERIOD}; a date includes that whole day; after from, at most 10 years later`,
      }),
      ApiQuery({ name: 'branch', required: false, description: 'branch id (employees: one of their own)' }),
      ApiQuery({
        name: 'interval',
        required: false,
        enum: STATISTICS_INTERVALS,
        description: 'the buckets of the series (default day; by the hour at most 92 days)',
      }),
      ApiQuery({
        name: 'compare',
        required: false,
        enum: STATISTICS_COMPARISONS,
        description:
          'previous: also answer `previous` { from, to, total[, totals] }, the period of equal length right before (as many days before a period of dates)',
      }),
    ],
    ...forward('statistics.metric.get', ({ params, query }) => ({ metric: params.metric, query })),
  },
]) {}
