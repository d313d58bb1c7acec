import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { WorkPeriodsService } from '../work/work-periods.service.js';
import { MetricQueryService } from './metric-query.service.js';

@Controller()
export class StatisticsController {
  constructor(
    private readonly metrics: MetricQueryService,
    private readonly work: WorkPeriodsService,
  ) {}

  @Rpc('statistics.metric.get')
  metric(@Payload() m: RpcMessage<'statistics.metric.get'>) {
    return this.metrics.query(m.actor, m.payload.metric, m.payload.query ?? {});
  }

  @Rpc('statistics.user-profile.get')
  profile(@Payload() m: RpcMessage<'statistics.user-profile.get'>) {
    return this.work.profile(m.actor, m.payload.query ?? {});
  }

  @Rpc('statistics.user-profile.working-activities')
  activities(@Payload() m: RpcMessage<'statistics.user-profile.working-activities'>) {
    return this.work.activities(m.actor, m.payload.query ?? {});
  }
}
