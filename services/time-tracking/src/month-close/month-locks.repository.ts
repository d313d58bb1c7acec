import { Injectable } from '@nestjs/common';
import { GenerateSql } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';

/** the first key of a branch's month-close advisory lock ('mclo'); the second is the branch id */
const MONTH_LOCK = 0x6d636c6f;

/** A branch's month (YYYY-MM). */
export interface BranchMonth {
  branch: number;
  month: string;
}

export interface MonthCloseRow {
  branchId: number;
  month: string;
  closed: boolean;
  closedAt: Date | null;
  closedById: number | null;
  closedByName: string | null;
}
export interface MonthCloseEventRow {
  branchId: number;
  month: string;
  action: 'closed' | 'reopened';
  actorId: number;
  actorName: string;
  reason: string | null;
  createdAt: Date;
}

/**
 * The month close's SQL (issue 41). A write of a branch's activities or schedules takes the branch's lock shared
 * and then reads whether its months are closed; closing takes it exclusively: a change and the close of its month
 * never pass each other.
 */
@Injectable()
export class MonthLocksRepository {
  constructor(private readonly ds: DataSource) {}

  /** Shared locks of these branches until the caller's transaction ends (in id order: no deadlock). */
  @GenerateSql({ params: ({ manager }) => [manager, [3, 1]] })
  async shareBranches(m: EntityManager, branches: readonly number[]): Promise<void> {
    const ids = [...new Set(branches)].sort((a, b) => a - b);
    if (ids.length === 0) return;
    await m.query(`SELECT pg_advisory_xact_lock_shared($1, b) FROM unnest($2::int[]) AS b ORDER BY b`, [
      MONTH_LOCK,
      ids,
    ]);
  }

  /** The branch's exclusive lock until the caller's transaction ends (close, reopen). */
  @GenerateSql({ params: ({ manager }) => [manager, 1] })
  async lockBranch(m: EntityManager, branch: number): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock($1, $2)', [MONTH_LOCK, branch]);
  }

  /** Which of these branch months are closed. */
  @GenerateSql({ params: ({ manager }) => [manager, [{ branch: 1, month: '2026-11' }]] })
  async closed(m: EntityManager, months: readonly BranchMonth[]): Promise<BranchMonth[]> {
    if (months.length === 0) return [];
    const rows = (await m.query(
      `SELECT c."branchId" AS branch, c.month FROM "time_tracking"."month_close" c
         JOIN unnest($1::int[], $2::text[]) AS asked(branch, month) ON asked.branch = c."branchId" AND asked.month = c.month
        WHERE c.closed`,
      [months.map((x) => x.branch), months.map((x) => x.month)],
    )) as BranchMonth[];
    return rows;
  }

  /** Whether an activity of the branch that started before `end` is still open (no end). */
  @GenerateSql({ params: ({ manager }) => [manager, 1, new Date('2026-12-01T00:00:00Z')] })
  async openActivityBefore(m: EntityManager, branch: number, end: Date): Promise<boolean> {
    const [row] = (await m.query(
      `SELECT EXISTS (SELECT 1 FROM "time_tracking"."working_activity"
         WHERE "branchId" = $1 AND "end" IS NULL AND start < $2) AS open`,
      [branch, end],
    )) as Array<{ open: boolean }>;
    return row?.open === true;
  }

  /** Marks the month closed or open (who closed it), and records the step with who and why. */
  @GenerateSql({
    params: ({ manager }) => [
      manager,
      { branch: 1, month: '2026-11' },
      'reopened',
      { id: 4, username: 'leitung' },
      'Nachtrag',
    ],
  })
  async record(
    m: EntityManager,
    at: BranchMonth,
    action: 'closed' | 'reopened',
    actor: { id: number; username: string },
    reason: string | null,
  ): Promise<void> {
    const closing = action === 'closed';
    await m.query(
      `INSERT INTO "time_tracking"."month_close" ("branchId", month, closed, "closedAt", "closedById", "closedByName")
       VALUES ($1, $2, $3, CASE WHEN $3 THEN now() END, CASE WHEN $3 THEN $4::int END, CASE WHEN $3 THEN $5 END)
       ON CONFLICT ("branchId", month) DO UPDATE SET closed = EXCLUDED.closed, "closedAt" = EXCLUDED."closedAt",
         "closedById" = EXCLUDED."closedById", "closedByName" = EXCLUDED."closedByName", "updatedAt" = now()`,
      [at.branch, at.month, closing, actor.id, actor.username],
    );
    await m.query(
      `INSERT INTO "time_tracking"."month_close_event" ("branchId", month, action, "actorId", "actorName", reason)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [at.branch, at.month, action, actor.id, actor.username, reason],
    );
  }

  /** The branch's months from `from` to `to` (YYYY-MM) that were ever closed, with every step, oldest first. */
  @GenerateSql({ params: [1, '2026-01', '2026-12'] })
  async history(
    branch: number,
    from: string,
    to: string,
  ): Promise<{ months: MonthCloseRow[]; events: MonthCloseEventRow[] }> {
    const [months, events] = await Promise.all([
      this.ds.query(
        `SELECT "branchId", month, closed, "closedAt", "closedById", "closedByName" FROM "time_tracking"."month_close"
          WHERE "branchId" = $1 AND month BETWEEN $2 AND $3 ORDER BY month`,
        [branch, from, to],
      ) as Promise<MonthCloseRow[]>,
      this.ds.query(
        `SELECT "branchId", month, action, "actorId", "actorName", reason, "createdAt"
           FROM "time_tracking"."month_close_event"
          WHERE "branchId" = $1 AND month BETWEEN $2 AND $3 ORDER BY month, id`,
        [branch, from, to],
      ) as Promise<MonthCloseEventRow[]>,
    ]);
    return { months, events };
  }
}
