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

  /** The visitor's known days of these (YYYY-MM-DD), locked. */
  @GenerateSql({ params: ({ manager }) => [manager, 'visitor-1', ['2026-03-02']] })
  lockVisitorDays(m: EntityManager, visitorId: string, days: string[]): Promise<StoredVisitorDay[]> {
    return m.query(
      `SELECT day::text AS day, "lastPage", "lastHour", branch FROM "statistics"."visitor_day"
       WHERE "visitorId" = $1 AND day = ANY($2::date[]) FOR UPDATE`,
      [visitorId, days],
    );
  }

  /** Writes the visitor's days as they are after a batch. */
  @GenerateSql({
    params: ({ manager }) => [manager, 'visitor-1', [{ day: '2026-03-02', lastPage: '/', lastHour: AT, branch: 1 }]],
  })
  async saveVisitorDays(m: EntityManager, visitorId: string, days: StoredVisitorDay[]): Promise<void> {
    await m.query(
      `INSERT INTO "statistics"."visitor_day" (day, "visitorId", "lastPage", "lastHour", branch)
         SELECT d, $1, p, h, b FROM unnest($2::date[], $3::text[], $4::timestamptz[], $5::int[]) AS u(d, p, h, b)
         ON CONFLICT (day, "visitorId") DO UPDATE
           SET "lastPage" = EXCLUDED."lastPage", "lastHour" = EXCLUDED."lastHour", branch = EXCLUDED.branch`,
      [
        visitorId,
        days.map((d) => d.day),
        days.map((d) => d.lastPage),
        days.map((d) => d.lastHour),
        days.map((d) => d.branch),
      ],
    );
  }
}
