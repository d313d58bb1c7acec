import type { Actor, JsonObject } from '@shop/contracts';
import { addDays, daysBetween, localDate, zonedInstant } from '@shop/domain';
import { DomainException, holdsPermission, requireAccess } from '@shop/server';

/** The first and last local day of the month of `now`. */
export function currentMonth(timeZone: string, now = new Date()): { from: string; to: string } {
  const today = localDate(now, timeZone);
  const from = `${today.slice(0, 7)}-01`;
  const next = addDays(from, 32);
  return { from, to: addDays(`${next.slice(0, 7)}-01`, -1) };
}

const SCOPE_KEYS = ['user', 'branch', 'project', 'from', 'to'];

/**
 * A list's query with the default of issue 19: without user, branch, project, from and to, the logged-in user's
 * current month.
 */
export function withDefaultScope(
  query: JsonObject,
  actor: Actor | null,
  timeZone: string,
  now = new Date(),
): JsonObject {
  if (!actor || SCOPE_KEYS.some((k) => query[k] !== undefined && query[k] !== '')) return query;
  return { ...query, user: String(actor.id), ...currentMonth(timeZone, now) };
}

/** [from 00:00, the day after `to` 00:00) as instants of the zone; 422 for a reversed or over-long range. */
export function instantRange(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  if (from > to) throw DomainException.of('VALIDATION_FAILED', 'timeTracking.fromAfterTo', {}, 'from');
  if (daysBetween(from, to) > 366) throw DomainException.of('VALIDATION_FAILED', 'timeTracking.rangeTooLong', {}, 'to');
  return { start: zonedInstant(from, 0, timeZone), end: zonedInstant(addDays(to, 1), 0, timeZone) };
}

/**
 * A list filter's range: either bound may be left out (open on that side); with both, the same checks as
 * instantRange.
 */
export function filterRange(
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): { start?: Date; end?: Date } {
  if (from !== undefined && to !== undefined) return instantRange(from, to, timeZone);
  return {
    start: from === undefined ? undefined : zonedInstant(from, 0, timeZone),
    end: to === undefined ? undefined : zonedInstant(addDays(to, 1), 0, timeZone),
  };
}

export const isAdmin = (actor: Actor | null) => !!actor?.roles.includes('ROLE_ADMIN');

/**
 * Time sheets (balances, exports): employees their own; a branch's sheet for administrators and the branch's
 * managers (permission `manage`, 403 'http.forbiddenBranch' for another branch); someone else's only for
 * administrators.
 */
export function requireOwnOrManaged(actor: Actor, user: number | undefined, branch: number | undefined): void {
  if (isAdmin(actor)) return;
  if (user !== undefined && user !== actor.id) throw DomainException.of('FORBIDDEN', 'timeTracking.ownOnly');
  if (branch === undefined) return;
  if (!holdsPermission(actor, 'manage')) throw DomainException.of('FORBIDDEN', 'timeTracking.ownOnly');
  requireAccess(actor, 'manage', [branch]);
}
