import { Inject, Injectable } from '@nestjs/common';
import { UserProfileQuery, type Actor, type UserProfileWorkingActivities } from '@shop/contracts';
import { CONFIG, parseOrThrow } from '@shop/server';
import type { StatisticsConfig } from '../../../config/statistics-config.js';
import { checkBounds, resolveRange } from '../../../metrics/period.js';
import { WorkPeriodRepository } from '../../work-period.repository.js';
import { checkProfileAccess, hours } from '../shared/profile.js';

/** statistics.user-profile.working-activities: a user's hours worked per calendar day of a range, and their sum. */
@Injectable()
export class UserWorkingActivities {
  constructor(
    private readonly periods: WorkPeriodRepository,
    @Inject(CONFIG) private readonly config: Pick<StatisticsConfig, 'SHOP_TIME_ZONE'>,
  ) {}

  async execute(actor: Actor | null, raw: Record<string, unknown>): Promise<UserProfileWorkingActivities> {
    const q = parseOrThrow(UserProfileQuery.omit({ now: true }), raw);
    checkProfileAccess(actor, q.user);
    const tz = this.config.SHOP_TIME_ZONE;
    const { from, to } = resolveRange(q.start, q.end, tz);
    checkBounds({ start: from, end: to });
    const rows = await this.periods.activityDaysOf(q.user, from, to, tz);
    const days = rows.map((r) => ({ day: r.day, hours: hours(r.h) }));
    return {
      user: q.user,
      start: from.toISOString(),
      end: to.toISOString(),
      totalHours: hours(days.reduce((s, d) => s + d.hours, 0)),
      days,
    };
  }
}
