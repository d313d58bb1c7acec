import { Inject, Injectable } from '@nestjs/common';
import type { StreamEvent, WorkPeriodKind, WorkPeriodSnapshot } from '@shop/contracts';
import { CONFIG, ServiceBus } from '@shop/server';
import { DataSource } from 'typeorm';
import type { StatisticsConfig } from '../config/statistics-config.js';
import { WORK_METRICS } from '../metrics/metric-sql.js';
import { RollupRepository } from '../metrics/rollup.repository.js';
import { RollupDelta } from '../metrics/rollups.js';
import { WorkPeriodRepository } from './work-period.repository.js';

/**
 * The time-tracking read model (work_period; the user-profile statistics read it: usecases/). Fed by the time-tracking
 * service's activity and schedule events (EventFeed's consumer statistics-time-tracking); apply() and remove() are
 * idempotent (replace by kind and source id).
 */
@Injectable()
export class WorkPeriodsService {
  constructor(
    private readonly ds: DataSource,
    private readonly periods: WorkPeriodRepository,
    private readonly rollups: RollupRepository,
    private readonly bus: ServiceBus,
    @Inject(CONFIG) private readonly config: Pick<StatisticsConfig, 'SHOP_TIME_ZONE'>,
  ) {}

  /**
   * A TIME_TRACKING event (at least once, in any order): the activity or schedule it names is read as it is now
   * and replaces what was kept, so a repeated or late event changes nothing. Projects and tasks are not counted.
   */
  async follow(e: StreamEvent<'timeTracking'>): Promise<void> {
    const kind = e.name.startsWith('time-tracking.working-activity.')
      ? 'activity'
      : e.name.startsWith('time-tracking.working-schedule.')
        ? 'schedule'
        : null;
    if (!kind) return;
    const { id } = e.payload;
    const current = e.name.endsWith('.deleted')
      ? null
      : await this.bus.requestAsService('time-tracking.work-period.get', { kind, id });
    if (current) await this.apply(current);
    else await this.remove(kind, id);
  }

  /**
   * Replaces an activity's or schedule's stretches with those of its current state (one transaction, so a reader
   * never sees half of it). Idempotent: applying the same state again leaves the same rows. The rollups of its
   * metric follow in the same transaction: the ended stretches it had are taken back, the ended ones it has now
   * counted (a running stretch is asked of work_period: OPEN_SQL).
   */
  async apply(p: WorkPeriodSnapshot): Promise<void> {
    await this.replace(p.kind, p.id, p);
  }

  async remove(kind: WorkPeriodKind, sourceId: number): Promise<void> {
    await this.replace(kind, sourceId, null);
  }

  private async replace(kind: WorkPeriodKind, sourceId: number, p: WorkPeriodSnapshot | null): Promise<void> {
    await this.ds.transaction(async (m) => {
      // one writer per activity or schedule at a time (replicas, redeliveries): what it takes back is what it counted
      await this.periods.lockSource(m, kind, sourceId);
      const old = await this.periods.deleteSource(m, kind, sourceId);
      const delta = new RollupDelta(this.config.SHOP_TIME_ZONE);
      const metric = WORK_METRICS[kind];
      for (const r of old) if (r.endAt) delta.addStretch(metric, r.startAt, r.endAt, r.branch, String(r.userId), -1);
      if (p) {
        await this.periods.insertSource(m, p);
        for (const seg of p.segments)
          if (seg.end) delta.addStretch(metric, new Date(seg.start), new Date(seg.end), p.branch, String(p.user), 1);
      }
      await this.rollups.write(m, delta);
    });
  }
}
