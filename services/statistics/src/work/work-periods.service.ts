import { Inject, Injectable } from '@nestjs/common';
import {
  UserProfileQuery,
  type Actor,
  type UserProfileStatistics,
  type UserProfileWorkingActivities,
} from '@shop/contracts';
import { CONFIG, DomainException, parseOrThrow, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import type { StatisticsConfig } from '../config/statistics-config.js';
import { resolveRange } from '../metrics/period.js';

export interface WorkPeriod {
  kind: 'activity' | 'schedule';
  sourceId: number;
  userId: number;
  branch: number;
  startAt: Date;
  endAt: Date | null;
}

const hours = (v: string | number | null) => Math.round(Number(v ?? 0) * 1000) / 1000;

/**
 * The time-tracking read model (work_period) and the user-profile statistics. Fed by the time-tracking
 * service's activity and schedule events (see ARCHITECTURE.md "Statistics": the subjects are wired when that
 * service's contracts are merged); record() and remove() are idempotent (replace by kind and source id).
 */
@Injectable()
export class WorkPeriodsService {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: StatisticsConfig,
  ) {}

  async record(p: WorkPeriod): Promise<void> {
    await this.ds.query(
      `INSERT INTO "statistics"."work_period" (kind, "sourceId", "userId", branch, "startAt", "endAt")
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (kind, "sourceId") DO UPDATE SET "userId" = EXCLUDED."userId", branch = EXCLUDED.branch,
         "startAt" = EXCLUDED."startAt", "endAt" = EXCLUDED."endAt"`,
      [p.kind, p.sourceId, p.userId, p.branch, p.startAt, p.endAt],
    );
  }

  async remove(kind: WorkPeriod['kind'], sourceId: number): Promise<void> {
    await this.ds.query(`DELETE FROM "statistics"."work_period" WHERE kind = $1 AND "sourceId" = $2`, [kind, sourceId]);
  }

  /** Administrators see everyone's profile, employees their own. */
  private check(actor: Actor | null, user: number): void {
    const a = requireAccess(actor, 'staff');
    if (!a.roles.includes('ROLE_ADMIN') && a.id !== user) throw DomainException.forbidden();
  }

  /** Hours of one kind of a user inside [from, to) (a running activity counts up to the clock). */
  private async hoursOf(kind: WorkPeriod['kind'], user: number, from: Date, to: Date): Promise<number> {
    if (to <= from) return 0;
    const [row] = (await this.ds.query(
      `SELECT sum(extract(epoch FROM least(coalesce("endAt", now()), $4) - greatest("startAt", $3)) / 3600) AS h
       FROM "statistics"."work_period"
       WHERE kind = $1 AND "userId" = $2 AND "startAt" < $4 AND coalesce("endAt", now()) > $3`,
      [kind, user, from, to],
    )) as Array<{ h: string | null }>;
    return hours(row?.h ?? 0);
  }

  async profile(actor: Actor | null, raw: Record<string, unknown>): Promise<UserProfileStatistics> {
    const q = parseOrThrow(UserProfileQuery, raw);
    this.check(actor, q.user);
    const tz = this.config.SHOP_TIME_ZONE;
    const { from: start, to: end } = resolveRange(q.start, q.end, tz);
    const now = q.now ? resolveRange(q.now, q.now, tz).from : new Date();
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

  async activities(actor: Actor | null, raw: Record<string, unknown>): Promise<UserProfileWorkingActivities> {
    const q = parseOrThrow(UserProfileQuery.omit({ now: true }), raw);
    this.check(actor, q.user);
    const tz = this.config.SHOP_TIME_ZONE;
    const { from, to } = resolveRange(q.start, q.end, tz);
    // each activity cut at the days' boundaries in the shop's time zone
    const rows = (await this.ds.query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day,
         sum(extract(epoch FROM least(coalesce("endAt", now()), $4, (d + interval '1 day') AT TIME ZONE $5)
                               - greatest("startAt", $3, d AT TIME ZONE $5)) / 3600) AS h
       FROM "statistics"."work_period",
         generate_series(date_trunc('day', greatest("startAt", $3) AT TIME ZONE $5),
                         least(coalesce("endAt", now()), $4) AT TIME ZONE $5, interval '1 day') AS d
       WHERE kind = $1 AND "userId" = $2 AND "startAt" < $4 AND coalesce("endAt", now()) > $3
       GROUP BY 1 HAVING sum(extract(epoch FROM least(coalesce("endAt", now()), $4, (d + interval '1 day') AT TIME ZONE $5)
                               - greatest("startAt", $3, d AT TIME ZONE $5))) > 0
       ORDER BY 1`,
      ['activity', q.user, from, to, tz],
    )) as Array<{ day: string; h: string }>;
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
