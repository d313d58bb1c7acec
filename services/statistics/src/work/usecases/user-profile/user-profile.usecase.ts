import { Inject, Injectable } from '@nestjs/common';
import { UserProfileQuery, type Actor, type UserProfileStatistics, type WorkPeriodKind } from '@shop/contracts';
import { CONFIG, parseOrThrow } from '@shop/server';
import type { StatisticsConfig } from '../../../config/statistics-config.js';
import { checkBounds, resolveRange } from '../../../metrics/period.js';
import { WorkPeriodRepository } from '../../work-period.repository.js';
import { checkProfileAccess, hours } from '../shared/profile.js';

/**
 * statistics.user-profile.get: a user's hours worked and planned in a range, the planned hours up to `now` and
 * the balance between them (worked less planned so far).
 */
@Injectable()
export class GetUserProfile {
  constructor(
    private readonly periods: WorkPeriodRepository,
    @Inject(CONFIG) private readonly config: Pick<StatisticsConfig, 'SHOP_TIME_ZONE'>,
  ) {}

  async execute(actor: Actor | null, raw: Record<string, unknown>): Promise<UserProfileStatistics> {
    const q = parseOrThrow(UserProfileQuery, raw);
    checkProfileAccess(actor, q.user);
    const tz = this.config.SHOP_TIME_ZONE;
    const { from: start, to: end } = resolveRange(q.start, q.end, tz);
    const now = q.now ? resolveRange(q.now, q.now, tz).from : new Date();
    checkBounds({ start, end, now });
    const untilNow = now < end ? now : end;
    const workedHours = await this.hoursOf('activity', q.user, start, untilNow);
    const plannedHours = await this.hoursOf('schedule', q.user, start, end);
    const plannedHoursUntilNow = await this.hoursOf('schedule', q.user, start, untilNow);
    return {
      user: q.user,
      start: start.toISOString(),
      now: now.toISOString(),
      end: end.toISOString(),
      workedHours,
      plannedHours,
      plannedHoursUntilNow,
      balanceHours: hours(workedHours - plannedHoursUntilNow),
    };
  }

  /** Hours of one kind of a user inside [from, to) (a running activity counts up to the clock). */
  private async hoursOf(kind: WorkPeriodKind, user: number, from: Date, to: Date): Promise<number> {
    if (to <= from) return 0;
    return hours(await this.periods.hoursOf(kind, user, from, to));
  }
}
