import { Injectable } from '@nestjs/common';
import {
  BalanceQuery,
  HolidayEntitlementInput,
  type Actor,
  type HolidayBalance,
  type JsonObject,
  type UserBalance,
} from '@shop/contracts';
import { addDays, holidayBalance, holidayDays, localDate, userBalance, zonedInstant } from '@shop/domain';
import { DomainException, parseOrThrow, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { WorkingActivityEntity } from '../activities/working-activity.entity.js';
import { activitiesOnDays, zonesOf } from '../common/branch-days.js';
import { currentMonth, instantRange, isAdmin, requireOwnOrManaged } from '../common/time-range.js';
import { WorkingScheduleEntity } from '../schedules/working-schedule.entity.js';
import { WorkingTimeContext } from '../settings/working-time-context.js';
import { HolidayEntitlementEntity } from '../terminal/terminal.entities.js';

/** Austria's statutory five weeks (§ 2 UrlG), for users without an entitlement row */
const DEFAULT_DAYS_PER_YEAR = 25;
const HolidayQuery = z.object({
  user: z.coerce.number().int().positive().optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

/** Time sheets: balances and holiday balances (`/api/time-sheets/…`). */
@Injectable()
export class BalanceService {
  constructor(
    private readonly ds: DataSource,
    private readonly context: WorkingTimeContext,
  ) {}

  /**
   * Employees see only their own; administrators anyone's, or a branch's staff. Default: own current month, in the
   * time zone of the branch asked for (else of the person's latest activity), whose division's rule set judges the
   * sheet. Each activity and shift counts on its local day in the zone of ITS OWN branch (a person working in
   * Vienna and New York in one month has each day where it happened).
   */
  async balances(actor: Actor | null, query: JsonObject): Promise<UserBalance[]> {
    const a = requireAccess(actor, 'staff');
    const q = parseOrThrow(BalanceQuery, query);
    requireOwnOrManaged(a, q.user, q.branch);
    const { ruleSet, timeZone } =
      q.branch !== undefined && q.user === undefined
        ? await this.context.forBranch(q.branch, a)
        : await this.context.forUser(q.user ?? a.id, a, q.branch);
    const month = currentMonth(timeZone);
    const from = q.from ?? month.from;
    const to = q.to ?? month.to;
    instantRange(from, to, timeZone); // the range's checks (order, at most 366 days)
    const activities = this.ds.getRepository(WorkingActivityEntity).createQueryBuilder('a');
    const schedules = this.ds
      .getRepository(WorkingScheduleEntity)
      .createQueryBuilder('s')
      .where('s.date BETWEEN :from AND :to', { from, to });
    if (q.branch !== undefined && q.user === undefined) {
      activities.andWhere('a."branchId" = :branch', { branch: q.branch });
      schedules.andWhere('s."branchId" = :branch', { branch: q.branch });
    } else {
      const user = q.user ?? a.id;
      activities.andWhere('a."userId" = :user', { user });
      schedules.andWhere('s."userId" = :user', { user });
    }
    const [acts, plans] = await Promise.all([
      activitiesOnDays(activities, this.context, a, from, to),
      schedules.getMany(),
    ]);
    const planZones = await zonesOf(
      this.context,
      plans.map((p) => p.branchId),
      a,
    );
    const users = [...new Set([...acts.map((x) => x.activity.userId), ...plans.map((x) => x.userId)])].sort(
      (x, y) => x - y,
    );
    if (users.length === 0 && q.branch === undefined) users.push(q.user ?? a.id);
    return users.map((user) =>
      userBalance({
        user,
        from,
        to,
        timeZone,
        ruleSet,
        activities: acts
          .filter((x) => x.activity.userId === user)
          .map(({ activity: x, timeZone: zone }) => ({
            kind: x.kind,
            start: x.start.toISOString(),
            end: x.end?.toISOString() ?? null,
            pauses: x.pauses,
            timeZone: zone,
          })),
        schedules: plans
          .filter((x) => x.userId === user)
          .map((x) => ({ ...x, timeZone: planZones.get(x.branchId) ?? timeZone })),
      }),
    );
  }

  async holidayBalances(actor: Actor | null, query: JsonObject): Promise<HolidayBalance[]> {
    const a = requireAccess(actor, 'staff');
    const q = parseOrThrow(HolidayQuery, query);
    if (!isAdmin(a) && q.user !== undefined && q.user !== a.id)
      throw DomainException.of('FORBIDDEN', 'timeTracking.ownOnly');
    // today and the year are the person's (their branch's zone); an administrator's overview the deployment's
    const zone =
      q.user !== undefined || !isAdmin(a)
        ? (await this.context.forUser(q.user ?? a.id, a)).timeZone
        : this.context.defaults.timeZone;
    const today = localDate(new Date(), zone);
    const year = q.year ?? Number(today.slice(0, 4));
    const entitlements = await this.ds
      .getRepository(HolidayEntitlementEntity)
      .find({ where: { year, ...(q.user !== undefined || !isAdmin(a) ? { userId: q.user ?? a.id } : {}) } });
    const users = new Set(entitlements.map((e) => e.userId));
    if (q.user !== undefined || !isAdmin(a)) users.add(q.user ?? a.id);
    // every holiday that may cover a day of the year in some zone (a day wider on each side in UTC); its days are
    // read in its branch's time zone
    const holidays = await this.ds
      .getRepository(WorkingActivityEntity)
      .createQueryBuilder('a')
      .where(`a.kind = 'holiday'`)
      .andWhere('a."userId" = ANY(:users)', { users: [...users] })
      .andWhere('a.start < :yearEnd', { yearEnd: zonedInstant(`${year + 1}-01-02`, 0, 'UTC') })
      .andWhere('(a."end" IS NULL OR a."end" > :yearStart)', {
        yearStart: zonedInstant(addDays(`${year}-01-01`, -1), 0, 'UTC'),
      })
      .getMany();
    const zones = await zonesOf(
      this.context,
      holidays.map((h) => h.branchId),
      a,
    );
    return [...users]
      .sort((x, y) => x - y)
      .map((user) => {
        const e = entitlements.find((x) => x.userId === user) ?? {
          userId: user,
          year,
          daysPerYear: DEFAULT_DAYS_PER_YEAR,
          partTimeFactor: 1,
          employedFrom: null,
          employedTo: null,
          carryOverDays: 0,
          carryOverExpires: null,
        };
        // each working day a holiday covers (holidayDays; the year's days, each once, in holidayBalance)
        const days = holidays
          .filter((h) => h.userId === user)
          .flatMap((h) =>
            holidayDays(
              { start: h.start.toISOString(), end: h.end?.toISOString() ?? null },
              zones.get(h.branchId) ?? this.context.defaults.timeZone,
            ),
          );
        return holidayBalance({ ...e, user }, days, today);
      });
  }

  /** An administrator sets a user's entitlement for a year (replaces the year's row). */
  async saveEntitlement(actor: Actor | null, body: unknown): Promise<null> {
    requireAccess(actor, 'admin');
    const input = parseOrThrow(HolidayEntitlementInput, body);
    const { user, ...rest } = input;
    await this.ds
      .getRepository(HolidayEntitlementEntity)
      .upsert({ userId: user, ...rest }, { conflictPaths: ['userId', 'year'] });
    return null;
  }
}
