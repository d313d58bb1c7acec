import { Injectable } from '@nestjs/common';
import type { WorkPeriodKind, WorkPeriodSnapshot } from '@shop/contracts';
import { GenerateSql } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';

/** A stretch of work_period as it was counted in the rollups. */
export interface StoredStretch {
  userId: number;
  branch: number;
  startAt: Date;
  endAt: Date | null;
}

const FROM = new Date('2026-03-02T00:00:00Z');
const TO = new Date('2026-03-09T00:00:00Z');

/** The time-tracking read model (work_period): its writes in the caller's transaction and the profile's sums. */
@Injectable()
export class WorkPeriodRepository {
  constructor(private readonly ds: DataSource) {}

  /** One writer per activity or schedule at a time (replicas, redeliveries), until the transaction ends. */
  @GenerateSql({ params: ({ manager }) => [manager, 'activity', 1] })
  async lockSource(m: EntityManager, kind: WorkPeriodKind, sourceId: number): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('statistics.work_period:' || $1 || ':' || $2, 0))`, [
      kind,
      sourceId,
    ]);
  }

  /** Deletes an activity's or schedule's stretches and answers them. */
  @GenerateSql({ params: ({ manager }) => [manager, 'activity', 1] })
  async deleteSource(m: EntityManager, kind: WorkPeriodKind, sourceId: number): Promise<StoredStretch[]> {
    const [rows] = (await m.query(
      `DELETE FROM "statistics"."work_period" WHERE kind = $1 AND "sourceId" = $2
         RETURNING "userId", branch, "startAt", "endAt"`,
      [kind, sourceId],
    )) as [StoredStretch[], number];
    return rows;
  }

  /** The stretches of an activity's or schedule's current state, numbered from 0. */
  @GenerateSql({
    params: ({ manager }) => [
      manager,
      { kind: 'activity', id: 1, user: 2, branch: 1, segments: [{ start: FROM.toISOString(), end: null }] },
    ],
  })
  async insertSource(m: EntityManager, p: WorkPeriodSnapshot): Promise<void> {
    await m.query(
      `INSERT INTO "statistics"."work_period" (kind, "sourceId", segment, "userId", branch, "startAt", "endAt")
           SELECT $1, $2, s.n - 1, $3, $4, s.start, s."end"
           FROM ROWS FROM (jsonb_to_recordset($5::jsonb) AS (start timestamptz, "end" timestamptz))
             WITH ORDINALITY AS s(start, "end", n)`,
      [p.kind, p.id, p.user, p.branch, JSON.stringify(p.segments)],
    );
  }

  /** Hours of one kind of a user inside [from, to) (a running activity counts up to the clock), unrounded. */
  @GenerateSql({ params: ['activity', 2, FROM, TO] })
  async hoursOf(kind: WorkPeriodKind, user: number, from: Date, to: Date): Promise<string | null> {
    const [row] = (await this.ds.query(
      `SELECT sum(extract(epoch FROM least(coalesce("endAt", now()), $4) - greatest("startAt", $3)) / 3600) AS h
       FROM "statistics"."work_period"
       WHERE kind = $1 AND "userId" = $2 AND "startAt" < $4 AND coalesce("endAt", now()) > $3`,
      [kind, user, from, to],
    )) as Array<{ h: string | null }>;
    return row?.h ?? null;
  }

  /** A user's activity hours per calendar day in time zone `tz` inside [from, to) (days without any left out). */
  @GenerateSql({ params: [2, FROM, TO, 'Europe/Vienna'] })
  activityDaysOf(user: number, from: Date, to: Date, tz: string): Promise<Array<{ day: string; h: string }>> {
    // each activity cut at the days' boundaries in the shop's time zone
    return this.ds.query(
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
      ['activity', user, from, to, tz],
    );
  }
}
