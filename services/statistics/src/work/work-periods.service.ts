import { Inject, Injectable } from '@nestjs/common';
import {
  UserProfileQuery,
  type Actor,
  type StreamEvent,
  type UserProfileStatistics,
  type UserProfileWorkingActivities,
  type WorkPeriodKind,
  type WorkPeriodSnapshot,
} from '@shop/contracts';
import { CONFIG, DomainException, parseOrThrow, requireAccess, ServiceBus } from '@shop/server';
import { DataSource } from 'typeorm';
import type { StatisticsConfig } from '../config/statistics-config.js';
import { WORK_METRICS } from '../metrics/metric-sql.js';
import { resolveRange } from '../metrics/period.js';
import { RollupDelta } from '../metrics/rollups.js';

const hours = (v: string | number | null) => Math.round(Number(v ?? 0) * 1000) / 1000;

/**
 * The time-tracking read model (work_period) and the user-profile statistics. Fed by the time-tracking
 * service's activity and schedule events (EventFeed's consumer statistics-time-tracking); apply() and remove() are
 * idempotent (replace by kind and source id).
 */
@Injectable()
export class WorkPeriodsService {
  constructor(
    private readonly ds: DataSource,
    private readonly bus: ServiceBus,
    @Inject(CONFIG) private readonly config: StatisticsConfig,
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
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('statistics.work_period:' || $1 || ':' || $2, 0))`, [
        kind,
        sourceId,
      ]);
      const old = (await m.query(
        `DELETE FROM "statistics"."work_period" WHERE kind = $1 AND "sourceId" = $2
         RETURNING "userId", branch, "startAt", "endAt"`,
        [kind, sourceId],
      )) as [Array<{ userId: number; branch: number; startAt: Date; endAt: Date | null }>, number];
      const delta = new RollupDelta(this.config.SHOP_TIME_ZONE);
      const metric = WORK_METRICS[kind];
      for (const r of old[0]) if (r.endAt) delta.addStretch(metric, r.startAt, r.endAt, r.branch, String(r.userId), -1);
      if (p) {
        await m.query(
          `INSERT INTO "statistics"."work_period" (kind, "sourceId", segment, "userId", branch, "startAt", "endAt")
           SELECT $1, $2, s.n - 1, $3, $4, s.start, s."end"
           FROM ROWS FROM (jsonb_to_recordset($5::jsonb) AS (start timestamptz, "end" timestamptz))
             WITH ORDINALITY AS s(start, "end", n)`,
          [p.kind, p.id, p.user, p.branch, JSON.stringify(p.segments)],
        );
        for (const seg of p.segments)
          if (seg.end) delta.addStretch(metric, new Date(seg.start), new Date(seg.end), p.branch, String(p.user), 1);
      }
      await delta.write(m);
    });
  }

  /** Administrators see everyone's profile, employees their own. */
  private check(actor: Actor | null, user: number): void {
    const a = requireAccess(actor, 'staff');
    if (!a.roles.includes('ROLE_ADMIN') && a.id !== user) throw DomainException.forbidden();
  }

  /** Hours of one kind of a user inside [from, to) (a running activity counts up to the clock). */
  private async hoursOf(kind: WorkPeriodKind, user: number, from: Date, to: Date): Promise<number> {
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
