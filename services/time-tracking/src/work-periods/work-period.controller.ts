import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { WorkPeriodRequest, type WorkPeriodSnapshot } from '@shop/contracts';
import { plannedSegments, workedSegments } from '@shop/domain';
import { CONFIG, parseOrThrow, requireService, Rpc, type RpcMessage } from '@shop/server';
import { DataSource } from 'typeorm';
import { WorkingActivityEntity } from '../activities/working-activity.entity.js';
import type { TimeTrackingConfig } from '../config/time-tracking-config.js';
import { WorkingScheduleEntity } from '../schedules/working-schedule.entity.js';
import { WorkingTimeContext } from '../settings/working-time-context.js';

/**
 * The statistics service's read model of worked and planned hours (issue 21): the TIME_TRACKING events carry ids
 * only, so the statistics ask here for the activity's or schedule's stretches, as a service (no staff member is
 * behind it). Absences (holiday, sick, other) are not work: they answer no stretches.
 */
@Controller()
export class WorkPeriodController {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: TimeTrackingConfig,
    private readonly context: WorkingTimeContext,
  ) {}

  @Rpc('time-tracking.work-period.get')
  async get(@Payload() m: RpcMessage<'time-tracking.work-period.get'>): Promise<WorkPeriodSnapshot | null> {
    requireService(m.caller, 'time-tracking.work-period.get', this.config.SERVICE_SECRET, ['statistics']);
    const { kind, id } = parseOrThrow(WorkPeriodRequest, m.payload);
    if (kind === 'activity') {
      const a = await this.ds.getRepository(WorkingActivityEntity).findOneBy({ id });
      if (!a) return null;
      const segments =
        a.kind === 'work'
          ? workedSegments({ start: a.start.toISOString(), end: a.end?.toISOString() ?? null, pauses: a.pauses })
          : [];
      return { kind, id, user: a.userId, branch: a.branchId, segments };
    }
    const s = await this.ds.getRepository(WorkingScheduleEntity).findOneBy({ id });
    if (!s) return null;
    // the shift's wall-clock times are its branch's
    const segments = plannedSegments(s, (await this.context.forBranch(s.branchId)).timeZone);
    return { kind, id, user: s.userId, branch: s.branchId, segments };
  }
}
