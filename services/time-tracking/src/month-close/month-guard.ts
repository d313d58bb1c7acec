import { Injectable } from '@nestjs/common';
import type { Actor } from '@shop/contracts';
import { coveredDays } from '@shop/domain';
import { TIME_TRACKING_MESSAGES } from '@shop/i18n-de';
import type { EntityManager } from 'typeorm';
import { refuse } from '../common/refusal.js';
import { WorkingTimeContext } from '../settings/working-time-context.js';
import { MonthLocksRepository, type BranchMonth } from './month-locks.repository.js';

/** What a change touches: a stretch of time at a branch (an activity), or a branch's local day (a shift). */
export type Touched =
  { branch: number; start: Date | string; end: Date | string | null } | { branch: number; date: string };

/** 'November 2026' (Austrian German: 'Jänner 2027'). */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('de-AT', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, m - 1, 1),
  );
}

/**
 * Issue 41: a closed month of a branch is not changed until it is reopened. Every write of activities (CRUD,
 * corrections, approved requests, absences, the clock) and of schedules asks here in its transaction: the
 * branches' shared locks first (a close waits for it, and it for a close), then 409 with the month when one of the
 * local months it touches (in the branch's zone) is closed.
 */
@Injectable()
export class MonthGuard {
  constructor(
    private readonly locks: MonthLocksRepository,
    private readonly context: WorkingTimeContext,
  ) {}

  async requireOpen(m: EntityManager, touched: readonly Touched[], actor: Actor | null): Promise<void> {
    if (touched.length === 0) return;
    await this.locks.shareBranches(
      m,
      touched.map((t) => t.branch),
    );
    const months = new Map<string, BranchMonth>();
    for (const t of touched) {
      const days =
        'date' in t
          ? [t.date]
          : coveredDays(
              { start: new Date(t.start).toISOString(), end: t.end === null ? null : new Date(t.end).toISOString() },
              // the zone only: no second connection of the pool while this transaction holds one
              await this.context.zoneOf(t.branch, actor),
            );
      for (const day of days)
        months.set(`${t.branch} ${day.slice(0, 7)}`, { branch: t.branch, month: day.slice(0, 7) });
    }
    const [closed] = await this.locks.closed(m, [...months.values()]);
    if (closed) throw refuse('CONFLICT', TIME_TRACKING_MESSAGES.monthClosed, null, { month: monthLabel(closed.month) });
  }
}
