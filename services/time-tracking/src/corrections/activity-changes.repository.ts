import { Injectable } from '@nestjs/common';
import type { ActivityChange, ActivitySnapshot, ChangeAction } from '@shop/contracts';
import { GenerateSql } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';

/** What a change records besides its time. */
export interface ChangeRecord {
  activityId: number;
  userId: number;
  branchId: number;
  action: ChangeAction;
  actor: { id: number; username: string } | null;
  reason: string | null;
  before: ActivitySnapshot | null;
  after: ActivitySnapshot | null;
  requestId: number | null;
}

interface ChangeRow {
  id: number;
  activityId: number;
  action: ChangeAction;
  createdAt: Date;
  actorId: number | null;
  actorName: string | null;
  reason: string | null;
  before: ActivitySnapshot | null;
  after: ActivitySnapshot | null;
  requestId: number | null;
}

const COLUMNS = `id, "activityId", action, "createdAt", "actorId", "actorName", reason, before, after, "requestId"`;

const toChange = (r: ChangeRow): ActivityChange => ({
  id: r.id,
  activity: r.activityId,
  action: r.action,
  at: new Date(r.createdAt).toISOString(),
  by: r.actorId === null ? null : { id: r.actorId, username: r.actorName ?? String(r.actorId) },
  reason: r.reason,
  before: r.before,
  after: r.after,
  request: r.requestId,
});

const EXAMPLE: ChangeRecord = {
  activityId: 1,
  userId: 2,
  branchId: 3,
  action: 'updated',
  actor: { id: 4, username: 'leitung' },
  reason: 'Ausstempeln vergessen',
  before: null,
  after: null,
  requestId: null,
};

/** The audit trail of working activities (issue 41): written in the change's transaction, read per activity. */
@Injectable()
export class ActivityChangesRepository {
  constructor(private readonly ds: DataSource) {}

  /** Records a change in the caller's transaction (the same one that writes the activity and its event). */
  @GenerateSql({ params: ({ manager }) => [manager, EXAMPLE] })
  async record(m: EntityManager, c: ChangeRecord): Promise<ActivityChange> {
    const [row] = (await m.query(
      `INSERT INTO "time_tracking"."working_activity_change"
         ("activityId", "userId", "branchId", action, "actorId", "actorName", reason, before, after, "requestId")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING ${COLUMNS}`,
      [
        c.activityId,
        c.userId,
        c.branchId,
        c.action,
        c.actor?.id ?? null,
        c.actor?.username ?? null,
        c.reason,
        c.before === null ? null : JSON.stringify(c.before),
        c.after === null ? null : JSON.stringify(c.after),
        c.requestId,
      ],
    )) as ChangeRow[];
    return toChange(row);
  }

  /** The trails of these activities, each oldest first. */
  @GenerateSql({ params: [[1, 2]] })
  async ofActivities(ids: readonly number[]): Promise<Map<number, ActivityChange[]>> {
    const trails = new Map<number, ActivityChange[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return trails;
    const rows = (await this.ds.query(
      `SELECT ${COLUMNS} FROM "time_tracking"."working_activity_change"
        WHERE "activityId" = ANY($1::int[]) ORDER BY "activityId", id`,
      [ids],
    )) as ChangeRow[];
    for (const r of rows) trails.get(r.activityId)?.push(toChange(r));
    return trails;
  }

  /** Whose activity a trail is and where (its latest change): who may read it, also after the activity is gone. */
  @GenerateSql({ params: [1] })
  async ownerOf(activityId: number): Promise<{ userId: number; branchIds: number[] } | null> {
    const [row] = (await this.ds.query(
      `SELECT (array_agg("userId" ORDER BY id DESC))[1] AS "userId", array_agg(DISTINCT "branchId") AS "branchIds"
         FROM "time_tracking"."working_activity_change" WHERE "activityId" = $1`,
      [activityId],
    )) as Array<{ userId: number | null; branchIds: number[] | null }>;
    return row?.userId == null ? null : { userId: row.userId, branchIds: row.branchIds ?? [] };
  }
}
