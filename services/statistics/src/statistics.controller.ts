import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { GetUserProfile } from './work/usecases/user-profile/user-profile.usecase.js';
import { UserWorkingActivities } from './work/usecases/user-working-activities/user-working-activities.usecase.js';
import { QueryMetric } from './metrics/usecases/query-metric/query-metric.usecase.js';

@Controller()
export class StatisticsController {
  constructor(
    private readonly queryMetric: QueryMetric,
    private readonly userProfile: GetUserProfile,
    private readonly workingActivities: UserWorkingActivities,
  ) {}

  @Rpc('statistics.metric.get')
  metric(@Payload() m: RpcMessage<'statistics.metric.get'>) {
    return this.queryMetric.execute(m.actor, m.payload.metric, m.payload.query ?? {});
  }

  @Rpc('statistics.user-profile.get')
  profile(@Payload() m: RpcMessage<'statistics.user-profile.get'>) {
    return this.userProfile.execute(m.actor, m.payload.query ?? {});
  }

  @Rpc('statistics.user-profile.working-activities')
  activities(@Payload() m: RpcMessage<'statistics.user-profile.working-activities'>) {
    return this.workingActivities.execute(m.actor, m.payload.query ?? {});
  }
}
