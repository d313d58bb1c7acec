import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  BalanceQuery,
  HolidayEntitlementInput,
  HolidayEntitlementQuery,
  type Actor,
  type HolidayBalance,
  type HolidayEntitlementView,
  type JsonObject,
  type UserBalance,
} from '@shop/contracts';
import { addDays, holidayBalance, localDate, takenHolidayDays, userBalance, zonedInstant } from '@shop/domain';
import { DomainException, holdsPermission, parseOrThrow, requireAccess } from '@shop/server';
import { DataSource, In } from 'typeorm';
import { z } from 'zod';
import { WorkingActivityEntity } from '../activities/working-activity.entity.js';
import { activitiesTouchingDays, zonesOf } from '../common/branch-days.js';
import { currentMonth, instantRange, isAdmin, requireOwnOrManaged } from '../common/time-range.js';
import { WorkingScheduleEntity } from '../schedules/working-schedule.entity.js';
import { HolidayRegions } from '../holidays/public-holidays.js';
import { WorkingTimeContext } from '../settings/working-time-context.js';
import { STAFF_BRANCHES, type StaffBranchesOf } from '../staff/staff-branches.js';
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
  /** the public holidays of the branches' regions (issue 41) */
  private readonly regions: HolidayRegions;

  constructor(
    private readonly ds: DataSource,
    private readonly context: WorkingTimeContext,
    /** identity's branches of a person: a branch manager reads the holiday accounts of the staff of their branches */
    @Optional() @Inject(STAFF_BRANCHES) private readonly staffBranches: StaffBranchesOf | null = null,
  ) {
    this.regions = new HolidayRegions(ds, context);
  }

  /**
   * Employees see only their own; administrators anyone's, or a branch's staff. Default: own current month, in the
   * time zone of the branch asked for (else of the person's latest activity), whose division's rule set judges the
   * sheet. Each activity and shift counts on its local day in the zone of ITS OWN branch (a person working in
   * Vienna and New York in one month has each day where it happened).
   */
  async balances(actor: Actor | null, query: JsonObject): Promise<UserBalance[]> {
    const a = requireAccess(actor, 'staff');
    const q = parseOrThrow(BalanceQuery, query);
    // issue 41: a branch manager reads the sheet of a person all of whose branches they manage (identity's list),
    // as their holiday account; anyone else's stays with administrators
    if (q.user !== undefined && q.user !== a.id && !isAdmin(a) && holdsPermission(a, 'manage')) {
      await this.requireAccount(a, q.user);
      requireOwnOrManaged(a, undefined, q.branch);
    } else requireOwnOrManaged(a, q.user, q.branch);
    const branch = q.branch ?? (await this.context.branchOfUser(q.user ?? a.id, a));
    const { ruleSet, timeZone } = await this.context.forBranch(branch, a);
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
    const [acts, plans, publicHolidays] = await Promise.all([
      activitiesTouchingDays(activities, this.context, a, from, to),
      schedules.getMany(),
      // the public holidays of the sheet's branch (the one asked for, else the person's latest): credited (issue 41)
      this.regions.between(branch, a, from, to),
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
        publicHolidays,
        activities: acts
          .filter((x) => x.activity.userId === user)
          .map(({ activity: x, timeZone: zone }) => ({
            kind: x.kind,
            start: x.start.toISOString(),
            end: x.end?.toISOString() ?? null,
            pauses: x.pauses,
            halfDay: x.halfDay,
            timeZone: zone,
          })),
        schedules: plans
          .filter((x) => x.userId === user)
          .map((x) => ({ ...x, timeZone: planZones.get(x.branchId) ?? timeZone })),
      }),
    );
  }

  /**
   * Holiday accounts of a year: one's own; a person's (`user`) for administrators and for the branch managers of
   * all of that person's branches (identity's list); without `user`, administrators read everyone with an
   * entitlement.
   */
  async holidayBalances(actor: Actor | null, query: JsonObject): Promise<HolidayBalance[]> {
    const a = requireAccess(actor, 'staff');
    const q = parseOrThrow(HolidayQuery, query);
    await this.requireAccount(a, q.user);
    const mine = q.user !== undefined || !isAdmin(a);
    // today and the year are the person's (their branch's zone); an administrator's overview the deployment's
    const zone = mine ? (await this.context.forUser(q.user ?? a.id, a)).timeZone : this.context.defaults.timeZone;
    const today = localDate(new Date(), zone);
    const year = q.year ?? Number(today.slice(0, 4));
    const entitlements = await this.ds
      .getRepository(HolidayEntitlementEntity)
      .find({ where: { year, ...(mine ? { userId: q.user ?? a.id } : {}) } });
    const users = new Set(entitlements.map((e) => e.userId));
    if (mine) users.add(q.user ?? a.id);
    return this.accounts(a, [...users], year, today, entitlements);
  }

  /**
   * A person's account of a year as it stands, for a caller that checked the access itself (an absence booked by a
   * manager of the branch).
   */
  async accountOf(a: Actor, user: number, year: number): Promise<HolidayBalance> {
    const today = localDate(new Date(), (await this.context.forUser(user, a)).timeZone);
    const rows = await this.ds.getRepository(HolidayEntitlementEntity).find({ where: { year, userId: user } });
    const [account] = await this.accounts(a, [user], year, today, rows);
    return account;
  }

  /**
   * The year's accounts of these people: the entitlement (default 25 days), the days their holidays take: each
   * working day, Monday to Friday, that is no public holiday of the holiday's branch, in its zone (a half day half).
   */
  private async accounts(
    a: Actor,
    users: number[],
    year: number,
    today: string,
    entitlements: HolidayEntitlementEntity[],
  ): Promise<HolidayBalance[]> {
    // every holiday that may cover a day of the year in some zone (a day wider on each side in UTC); its days are
    // read in its branch's time zone
    const holidays = await this.ds
      .getRepository(WorkingActivityEntity)
      .createQueryBuilder('a')
      .where(`a.kind = 'holiday'`)
      .andWhere('a."userId" = ANY(:users)', { users })
      .andWhere('a.start < :yearEnd', { yearEnd: zonedInstant(`${year + 1}-01-02`, 0, 'UTC') })
      .andWhere('(a."end" IS NULL OR a."end" > :yearStart)', {
        yearStart: zonedInstant(addDays(`${year}-01-01`, -1), 0, 'UTC'),
      })
      .getMany();
    const branches = holidays.map((h) => h.branchId);
    const [zones, publicHolidays] = await Promise.all([
      zonesOf(this.context, branches, a),
      this.regions.ofBranches(branches, a, `${year}-01-01`, `${year}-12-31`),
    ]);
    return [...users]
      .sort((x, y) => x - y)
      .map((user) => {
        const e = entitlements.find((x) => x.userId === user) ?? defaultEntitlement(user, year);
        const days = holidays
          .filter((h) => h.userId === user)
          .flatMap((h) =>
            takenHolidayDays(
              { start: h.start.toISOString(), end: h.end?.toISOString() ?? null, halfDay: h.halfDay },
              zones.get(h.branchId) ?? this.context.defaults.timeZone,
              publicHolidays.get(h.branchId),
            ),
          );
        return holidayBalance({ ...e, user }, days, today);
      });
  }

  /**
   * The entitlements of a year (issue 41): a person's (`user`, as holidayBalances), else for administrators every
   * stored one; a person without a row has the default (25 days, `isDefault`). Each with what is left of the
   * previous year (a carry-over's figure).
   */
  async entitlements(actor: Actor | null, query: JsonObject): Promise<HolidayEntitlementView[]> {
    const a = requireAccess(actor, 'staff');
    const q = parseOrThrow(HolidayEntitlementQuery, query);
    await this.requireAccount(a, q.user);
    const mine = q.user !== undefined || !isAdmin(a);
    const zone = mine ? (await this.context.forUser(q.user ?? a.id, a)).timeZone : this.context.defaults.timeZone;
    const today = localDate(new Date(), zone);
    const year = q.year ?? Number(today.slice(0, 4));
    const rows = await this.ds
      .getRepository(HolidayEntitlementEntity)
      .find({ where: { year: In([year, year - 1]), ...(mine ? { userId: q.user ?? a.id } : {}) } });
    const users = [...new Set(rows.filter((r) => r.year === year).map((r) => r.userId))];
    if (mine && !users.includes(q.user ?? a.id)) users.push(q.user ?? a.id);
    const previous = await this.accounts(
      a,
      users,
      year - 1,
      today,
      rows.filter((r) => r.year === year - 1),
    );
    return users
      .sort((x, y) => x - y)
      .map((user) => {
        const row = rows.find((r) => r.userId === user && r.year === year);
        const e = row ?? defaultEntitlement(user, year);
        return {
          user,
          year,
          daysPerYear: e.daysPerYear,
          partTimeFactor: e.partTimeFactor,
          employedFrom: e.employedFrom,
          employedTo: e.employedTo,
          carryOverDays: e.carryOverDays,
          carryOverExpires: e.carryOverExpires,
          isDefault: !row,
          previousYearRemainingDays: previous.find((p) => p.user === user)?.remainingDays ?? 0,
        };
      });
  }

  /**
   * Someone else's holiday account: administrators, and the branch managers of all of the person's branches
   * (identity's answer; a person without branches only for administrators).
   */
  private async requireAccount(a: Actor, user: number | undefined): Promise<void> {
    if (user === undefined || user === a.id || isAdmin(a)) return;
    if (!holdsPermission(a, 'manage') || !this.staffBranches)
      throw DomainException.of('FORBIDDEN', 'timeTracking.ownOnly');
    const branches = await this.staffBranches(user, a);
    if (!branches?.length) throw DomainException.of('FORBIDDEN', 'timeTracking.ownOnly');
    requireAccess(a, 'manage', branches);
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

/** Austria's statutory five weeks for a year without an entitlement row. */
function defaultEntitlement(user: number, year: number) {
  return {
    userId: user,
    year,
    daysPerYear: DEFAULT_DAYS_PER_YEAR,
    partTimeFactor: 1,
    employedFrom: null,
    employedTo: null,
    carryOverDays: 0,
    carryOverExpires: null,
  };
}
