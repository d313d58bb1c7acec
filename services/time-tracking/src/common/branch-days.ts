import type { Actor } from '@shop/contracts';
import { addDays, localDate, zonedInstant } from '@shop/domain';
import { Brackets, type SelectQueryBuilder, type WhereExpressionBuilder } from 'typeorm';
import type { WorkingTimeContext } from '../settings/working-time-context.js';
import { filterRange } from './time-range.js';

/**
 * Local days of each activity in the zone of ITS OWN branch (issue 19): a person who works in branches of two
 * zones in one month has each activity counted, listed and filtered on the day it had where it happened, not in
 * the zone of their latest branch. See services/time-tracking/README.md.
 *
 * The queries are the callers' (over working_activity, alias `a`): this folder imports no feature's entity.
 */

/** what the day filters read of an activity */
type Placed = { start: Date; branchId: number };

/** The zone of each of these branches (WorkingTimeContext.forBranch: the catalogue's, else the deployment's). */
export async function zonesOf(
  context: WorkingTimeContext,
  branches: Iterable<number>,
  actor: Actor | null = null,
): Promise<Map<number, string>> {
  const ids = [...new Set(branches)];
  return new Map(await Promise.all(ids.map(async (b) => [b, (await context.forBranch(b, actor)).timeZone] as const)));
}

/**
 * [from, to] a day wider on each side, in UTC: every instant that lies on a day of [from, to] in some zone (the
 * offsets of the world's zones are within ±14 hours). Either bound may be open.
 */
function anyZoneWindow(from: string | undefined, to: string | undefined): { start?: Date; end?: Date } {
  return {
    start: from === undefined ? undefined : zonedInstant(addDays(from, -1), 0, 'UTC'),
    end: to === undefined ? undefined : zonedInstant(addDays(to, 2), 0, 'UTC'),
  };
}

function inWindow(qb: WhereExpressionBuilder, a: string, from: string | undefined, to: string | undefined): void {
  const { start, end } = anyZoneWindow(from, to);
  if (start) qb.andWhere(`${a}."start" >= :windowStart`, { windowStart: start });
  if (end) qb.andWhere(`${a}."start" < :windowEnd`, { windowEnd: end });
}

/**
 * The branches of the activities (a query of them, alias `a`) that may lie on a day of [from, to] (the list's
 * filter needs their zones).
 */
export async function branchesNear(
  activities: SelectQueryBuilder<Placed>,
  from: string | undefined,
  to: string | undefined,
): Promise<number[]> {
  const qb = activities.select('DISTINCT a."branchId"', 'b');
  inWindow(qb, 'a', from, to);
  return (await qb.getRawMany<{ b: number }>()).map((r) => r.b);
}

/**
 * SQL of a list filter: the activity (alias `a`) started on a local day of [from, to] (either may be open) in the
 * zone of its own branch: one instant range per zone; branches not in `zones` are read in `fallback`.
 */
export function startsOnDays(
  qb: WhereExpressionBuilder,
  a: string,
  range: { from?: string; to?: string },
  zones: ReadonlyMap<number, string>,
  fallback: string,
): void {
  // the range's own checks (order, at most 366 days), whatever the zone
  filterRange(range.from, range.to, fallback);
  if (range.from === undefined && range.to === undefined) return;
  const groups = new Map<string, number[]>();
  for (const [branch, zone] of zones) if (zone !== fallback) groups.set(zone, [...(groups.get(zone) ?? []), branch]);
  const elsewhere = [...groups.values()].flat();
  const inZone = (w: WhereExpressionBuilder, i: number, zone: string, branches: string, ids: number[]) => {
    const { start, end } = filterRange(range.from, range.to, zone);
    const parts = [branches];
    if (start) parts.push(`${a}."start" >= :dayStart${i}`);
    if (end) parts.push(`${a}."start" < :dayEnd${i}`);
    w.orWhere(`(${parts.join(' AND ')})`, { [`dayStart${i}`]: start, [`dayEnd${i}`]: end, [`dayBranches${i}`]: ids });
  };
  qb.andWhere(
    new Brackets((w) => {
      [...groups].forEach(([zone, ids], i) => inZone(w, i, zone, `${a}."branchId" = ANY(:dayBranches${i})`, ids));
      const i = groups.size;
      inZone(w, i, fallback, elsewhere.length ? `NOT (${a}."branchId" = ANY(:dayBranches${i}))` : 'TRUE', elsewhere);
    }),
  );
}

/**
 * The activities of the query (alias `a`) that cover a local day of [from, to] in their own branch's zone, each
 * with that zone (issue 41): besides those that started in it, night work that began the evening before and an
 * absence that began earlier, whose days in the range count in balances and exports.
 */
export async function activitiesTouchingDays<A extends Placed & { end: Date | null }>(
  qb: SelectQueryBuilder<A>,
  context: WorkingTimeContext,
  actor: Actor | null,
  from: string,
  to: string,
): Promise<Array<{ activity: A; timeZone: string }>> {
  const { start, end } = anyZoneWindow(from, to);
  qb.andWhere('a."start" < :windowEnd', { windowEnd: end });
  qb.andWhere('(a."end" IS NULL OR a."end" > :windowStart)', { windowStart: start });
  const rows = await qb.getMany();
  const zones = await zonesOf(
    context,
    rows.map((r) => r.branchId),
    actor,
  );
  return rows
    .map((activity) => ({ activity, timeZone: zones.get(activity.branchId) ?? context.defaults.timeZone }))
    .filter(({ activity, timeZone }) => {
      const first = localDate(activity.start, timeZone);
      const startMs = activity.start.getTime();
      const last = localDate(activity.end ? Math.max(startMs, activity.end.getTime() - 1) : startMs, timeZone);
      return first <= to && last >= from;
    });
}
