import { PG_INT_MAX, type Actor, type JsonObject, type ListReply, type WorkingSchedule } from '@shop/contracts';
import { plannedMinutes } from '@shop/domain';
import { CrudService, type AnyCrudService, type OutboxKicker } from '@shop/server';
import type { DataSource } from 'typeorm';
import { workingActivityCrud } from '../activities/working-activity.crud.js';
import { WorkingActivityEntity } from '../activities/working-activity.entity.js';
import { workingScheduleCrud } from '../schedules/working-schedule.crud.js';
import type { WorkingTimeContext } from '../settings/working-time-context.js';
import { branchesNear, zonesOf } from '../common/branch-days.js';
import { withDefaultScope } from '../common/time-range.js';

/** an id as the database can hold it (an integer column), else undefined: the list's validation answers 422 */
const dayOf = (v: unknown): string | undefined =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
const idOf = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 && n <= PG_INT_MAX ? n : undefined;
};

/**
 * The zone a list's days are read in (issue 19): the branch asked for, else the person asked for (by default the
 * logged-in user) at the branch of their latest activity, else their first branch (WorkingTimeContext.forUser).
 * A malformed id is left to the list's validation (422).
 */
export async function listZone(context: WorkingTimeContext, actor: Actor | null, query: JsonObject): Promise<string> {
  const branch = idOf(query.branch);
  if (branch !== undefined) return (await context.forBranch(branch, actor)).timeZone;
  const user = idOf(query.user) ?? actor?.id;
  if (user !== undefined && actor) return (await context.forUser(user, actor)).timeZone;
  return context.defaults.timeZone;
}

/**
 * Activities and schedules in the branch's time zone (issue 19): a list's from/to and its default month (the
 * logged-in user's current month when no user, branch, project or range is asked for) are local days of
 * `listZone`; a schedule's planned minutes are the real minutes of its shift in its own branch's zone, so a
 * night shift across the daylight-saving change counts the hours that pass.
 */
export class ZonedLists {
  constructor(
    private readonly ds: DataSource,
    private readonly relay: OutboxKicker,
    private readonly context: WorkingTimeContext,
    /** the clock of the default month (a test sets it) */
    private readonly now: () => Date = () => new Date(),
  ) {}

  private readonly rulesOf = (branch: number) => this.context.forBranch(branch);

  /**
   * `zone` (the default month's; a terminal reads in its branch's): each activity's from/to day is read in its own
   * branch's zone.
   */
  async activities(actor: Actor | null, query: JsonObject, zone?: string): Promise<ListReply<unknown>> {
    zone ??= await listZone(this.context, actor, query);
    const scoped = withDefaultScope(query, actor, zone, this.now());
    const near = await branchesNear(
      this.ds.getRepository(WorkingActivityEntity).createQueryBuilder('a'),
      dayOf(scoped.from),
      dayOf(scoped.to),
    );
    const zones = await zonesOf(this.context, near, actor);
    const crud: AnyCrudService = new CrudService(workingActivityCrud(this.rulesOf, zone, zones), this.ds, this.relay);
    return crud.list(actor, { query: scoped });
  }

  async schedules(actor: Actor | null, query: JsonObject): Promise<ListReply<WorkingSchedule>> {
    const zone = await listZone(this.context, actor, query);
    const crud: AnyCrudService = new CrudService(workingScheduleCrud(zone), this.ds, this.relay);
    const reply = (await crud.list(actor, {
      query: withDefaultScope(query, actor, zone, this.now()),
    })) as ListReply<WorkingSchedule>;
    return { ...reply, items: await Promise.all(reply.items.map((s) => this.inBranchZone(s, actor))) };
  }

  /** A terminal's read of one person's schedules (as the service: they are scoped to no staff member's branches). */
  async schedulesForService(query: JsonObject, zone: string): Promise<WorkingSchedule[]> {
    const crud: AnyCrudService = new CrudService(workingScheduleCrud(zone), this.ds, this.relay);
    const reply = (await crud.listForService({ query })) as ListReply<WorkingSchedule>;
    return Promise.all(reply.items.map((s) => this.inBranchZone(s, null)));
  }

  /** A schedule's planned minutes in the zone of its branch. */
  async inBranchZone(s: WorkingSchedule, actor: Actor | null): Promise<WorkingSchedule> {
    const { timeZone } = await this.context.forBranch(s.branch, actor);
    return { ...s, plannedMinutes: plannedMinutes(s, timeZone) };
  }
}
