import { Injectable } from '@nestjs/common';
import { GenerateSql } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';
import { AnalyticsEventEntity } from './analytics-event.entity.js';

export type NewAnalyticsEvent = Omit<AnalyticsEventEntity, 'id'>;

/** A visitor's day as visitor_day keeps it (UTC days: the visitor id rotates at UTC midnight). */
export interface StoredVisitorDay {
  day: string;
  lastPage: string | null;
  lastHour: Date | null;
  /** when the latest event of the day happened (null: kept before issue 41; lastHour is the nearest known) */
  lastAt: Date | null;
  branch: number;
}

/** A day of lockVisitorDays: the kept row, or none and whether the visitor's events of that day are stored. */
export type LockedVisitorDay = StoredVisitorDay & {
  /** visitor_day has the day */
  known: boolean;
  /** not known, yet events of the visitor that day are stored (the row was pruned: a batch a day or more late) */
  stored: boolean;
};

/** An event of a visitor's day, in the order the visitor metrics count them (time, then arrival). */
export interface VisitorDayEvent {
  batchId: string;
  position: number;
  type: string;
  action: string;
  data: Record<string, unknown>;
  occurredAt: Date;
  branch: number;
}

const AT = new Date('2026-03-02T10:17:00Z');
const EVENT: NewAnalyticsEvent = {
  batchId: '00000000-0000-4000-8000-000000000001',
  position: 0,
  type: 'pageview',
  action: '/',
  category: '',
  data: { path: '/' },
  occurredAt: AT,
  receivedAt: AT,
  visitorId: 'visitor-1',
  site: null,
  page: '/',
  browser: 'Firefox',
  os: 'Linux',
  branch: 0,
};

/** The analytics events and the visitors' days, written in the caller's transaction. */
@Injectable()
export class AnalyticsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Inserts the events not stored yet (a redelivered batch finds its rows) and answers their positions. */
  @GenerateSql({ params: ({ manager }) => [manager, [EVENT]] })
  async insertEvents(m: EntityManager, rows: NewAnalyticsEvent[]): Promise<Set<number>> {
    const result = await m
      .createQueryBuilder()
      .insert()
      .into(AnalyticsEventEntity)
      .values(rows.map((r) => ({ ...r, data: r.data as object })))
      .orIgnore()
      .returning(['position'])
      .execute();
    return new Set((result.raw as Array<{ position: number }>).map((r) => r.position));
  }

  /**
   * These days (YYYY-MM-DD) of the visitor: the kept ones locked; for a day not kept, whether its events are stored
   * all the same (one index probe: analytics_event_visitor_idx).
   */
  @GenerateSql({ params: ({ manager }) => [manager, 'visitor-1', ['2026-03-02']] })
  lockVisitorDays(m: EntityManager, visitorId: string, days: string[]): Promise<LockedVisitorDay[]> {
    return m.query(
      `WITH kept AS (SELECT day, "lastPage", "lastHour", "lastAt", branch FROM "statistics"."visitor_day"
         WHERE "visitorId" = $1 AND day = ANY($2::date[]) FOR UPDATE)
       SELECT d.day::text AS day, k."lastPage", k."lastHour", k."lastAt", coalesce(k.branch, 0) AS branch,
         k.day IS NOT NULL AS known,
         k.day IS NULL AND EXISTS (SELECT 1 FROM "statistics"."analytics_event" e WHERE e."visitorId" = $1
           AND e."occurredAt" >= d.day::timestamp AT TIME ZONE 'UTC'
           AND e."occurredAt" < (d.day + 1)::timestamp AT TIME ZONE 'UTC') AS stored
       FROM unnest($2::date[]) AS d(day) LEFT JOIN kept k ON k.day = d.day`,
      [visitorId, days],
    );
  }

  /** The stored events of a visitor's day (UTC), by time and then arrival (id). */
  @GenerateSql({ params: ({ manager }) => [manager, 'visitor-1', '2026-03-02'] })
  visitorDayEvents(m: EntityManager, visitorId: string, day: string): Promise<VisitorDayEvent[]> {
    return m.query(
      `SELECT "batchId", position, type, action, data, "occurredAt", branch FROM "statistics"."analytics_event"
       WHERE "visitorId" = $1 AND "occurredAt" >= $2::date::timestamp AT TIME ZONE 'UTC'
         AND "occurredAt" < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'
       ORDER BY "occurredAt", id`,
      [visitorId, day],
    );
  }

  /** Writes the visitor's days as they are after a batch. */
  @GenerateSql({
    params: ({ manager }) => [
      manager,
      'visitor-1',
      [{ day: '2026-03-02', lastPage: '/', lastHour: AT, lastAt: AT, branch: 1 }],
    ],
  })
  async saveVisitorDays(m: EntityManager, visitorId: string, days: StoredVisitorDay[]): Promise<void> {
    await m.query(
      `INSERT INTO "statistics"."visitor_day" (day, "visitorId", "lastPage", "lastHour", "lastAt", branch)
         SELECT d, $1, p, h, a, b FROM unnest($2::date[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::int[])
           AS u(d, p, h, a, b)
         ON CONFLICT (day, "visitorId") DO UPDATE
           SET "lastPage" = EXCLUDED."lastPage", "lastHour" = EXCLUDED."lastHour", "lastAt" = EXCLUDED."lastAt",
             branch = EXCLUDED.branch`,
      [
        visitorId,
        days.map((d) => d.day),
        days.map((d) => d.lastPage),
        days.map((d) => d.lastHour),
        days.map((d) => d.lastAt),
        days.map((d) => d.branch),
      ],
    );
  }
}
