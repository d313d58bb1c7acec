import { createRpcController, rpc } from '@shop/server';
import { GetUserProfile } from './work/usecases/user-profile/user-profile.usecase.js';
import { UserWorkingActivities } from './work/usecases/user-working-activities/user-working-activities.usecase.js';
import { QueryMetric } from './metrics/usecases/query-metric/query-metric.usecase.js';

export class StatisticsController extends createRpcController([
  rpc('statistics.metric.get', QueryMetric, (metric, m) =>
    metric.execute(m.actor, m.payload.metric, m.payload.query ?? {}),
  ),
  rpc('statistics.user-profile.get', GetUserProfile, (profile, m) => profile.execute(m.actor, m.payload.query ?? {})),
  rpc('statistics.user-profile.working-activities', UserWorkingActivities, (activities, m) =>
    activities.execute(m.actor, m.payload.query ?? {}),
  ),
]) {}
