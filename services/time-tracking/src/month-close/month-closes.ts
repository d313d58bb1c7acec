import type { MonthClose } from '@shop/contracts';
import type { MonthCloseEventRow, MonthCloseRow } from './month-locks.repository.js';

/** The months as the API shows them: state, who closed it, and every close and reopening. */
export function monthCloses(branch: number, rows: MonthCloseRow[], events: MonthCloseEventRow[]): MonthClose[] {
  return rows.map((r) => ({
    branch,
    month: r.month,
    closed: r.closed,
    closedAt: r.closedAt ? new Date(r.closedAt).toISOString() : null,
    closedBy: r.closedById === null ? null : { id: r.closedById, username: r.closedByName ?? String(r.closedById) },
    history: events
      .filter((e) => e.month === r.month)
      .map((e) => ({
        action: e.action,
        at: new Date(e.createdAt).toISOString(),
        by: { id: e.actorId, username: e.actorName },
        reason: e.reason,
      })),
  }));
}
