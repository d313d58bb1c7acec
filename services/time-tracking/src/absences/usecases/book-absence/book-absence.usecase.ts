import { Injectable } from '@nestjs/common';
import {
  AbsenceBookingInput,
  type AbsenceBooking,
  type Actor,
  type HolidayBalance,
  type WorkingActivity,
} from '@shop/contracts';
import { addDays, coveredDays, daysBetween, formatLocalDate, takenHolidayDays, zonedInstant } from '@shop/domain';
import { format, TIME_TRACKING_MESSAGES, TIME_TRACKING_TEXTS } from '@shop/i18n-de';
import { DomainException, parseOrThrow, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { WorkingActivityEntity } from '../../../activities/working-activity.entity.js';
import { BalanceService } from '../../../balances/balance.service.js';
import { activitiesTouchingDays } from '../../../common/branch-days.js';
import { refuse } from '../../../common/refusal.js';
import { ActivityWriter } from '../../../corrections/activity-writer.js';
import { HolidayRegions } from '../../../holidays/public-holidays.js';
import { WorkingTimeContext } from '../../../settings/working-time-context.js';

/**
 * `POST /api/time-sheets/absences` (issue 41): who manages a branch books a vacation, sick leave or compensatory
 * time off for one of its people, over whole local days `from`–`to` of the branch (midnight to midnight) or half of
 * one day (00:00–12:00, `halfDay`). It is one absence activity, written as a manager's correction (audit trail,
 * month close). A vacation takes the working days (Monday to Friday) that are no public holidays of the branch's
 * region from the holiday account; the answer says how many and shows the accounts after the booking. Two
 * absences of a person on one day are refused (409).
 */
@Injectable()
export class BookAbsence {
  constructor(
    private readonly ds: DataSource,
    private readonly context: WorkingTimeContext,
    private readonly writer: ActivityWriter,
    private readonly regions: HolidayRegions,
    private readonly balances: BalanceService,
  ) {}

  async execute(actor: Actor | null, body: unknown): Promise<AbsenceBooking> {
    const a = requireAccess(actor, 'staff');
    const input = parseOrThrow(AbsenceBookingInput, body);
    if (input.from > input.to) throw DomainException.of('VALIDATION_FAILED', 'timeTracking.fromAfterTo', {}, 'from');
    if (daysBetween(input.from, input.to) > 366)
      throw DomainException.of('VALIDATION_FAILED', 'timeTracking.rangeTooLong', {}, 'to');
    if (input.halfDay && input.from !== input.to)
      throw refuse('VALIDATION_FAILED', TIME_TRACKING_MESSAGES.halfDayOneDay, 'halfDay');
    requireAccess(a, 'manage', [input.branch]);
    const { timeZone } = await this.context.forBranch(input.branch, a);
    const start = zonedInstant(input.from, 0, timeZone);
    const end = input.halfDay
      ? zonedInstant(input.from, 12 * 60, timeZone)
      : zonedInstant(addDays(input.to, 1), 0, timeZone);
    await this.requireNoOtherAbsence(a, input.user, input.from, input.to);
    const kind = TIME_TRACKING_TEXTS.kinds[input.kind];
    const { activity } = await this.writer.write({
      actor: a,
      verb: 'create',
      body: {
        user: input.user,
        branch: input.branch,
        kind: input.kind,
        start: start.toISOString(),
        end: end.toISOString(),
        halfDay: input.halfDay,
        pauses: [],
        project: null,
        task: null,
        note: input.note,
      },
      as: 'manage',
      reason:
        input.reason ??
        format(TIME_TRACKING_MESSAGES.absenceBooked, {
          kind,
          from: formatLocalDate(input.from),
          to: formatLocalDate(input.to),
        }),
    });
    const publicHolidays = await this.regions.between(input.branch, a, input.from, input.to);
    const taken = takenHolidayDays(
      { start: start.toISOString(), end: end.toISOString(), halfDay: input.halfDay },
      timeZone,
      publicHolidays,
    );
    const holidayBalances: HolidayBalance[] = [];
    if (input.kind === 'holiday')
      for (let year = Number(input.from.slice(0, 4)); year <= Number(input.to.slice(0, 4)); year++)
        holidayBalances.push(await this.balances.accountOf(a, input.user, year));
    return {
      // a create always answers the activity it wrote
      activity: activity as WorkingActivity,
      days: taken.reduce((sum, d) => sum + d.days, 0),
      publicHolidays: [...publicHolidays].map(([date, name]) => ({ date, name })),
      holidayBalances,
    };
  }

  /** 409 when another absence of the person covers a day of the range (in its own branch's zone). */
  private async requireNoOtherAbsence(a: Actor, user: number, from: string, to: string): Promise<void> {
    const qb = this.ds
      .getRepository(WorkingActivityEntity)
      .createQueryBuilder('a')
      .where('a."userId" = :user', { user })
      .andWhere(`a.kind <> 'work'`);
    for (const { activity, timeZone } of await activitiesTouchingDays(qb, this.context, a, from, to)) {
      const day = coveredDays(
        { start: activity.start.toISOString(), end: activity.end?.toISOString() ?? null },
        timeZone,
      ).find((d) => d >= from && d <= to);
      if (day) throw refuse('CONFLICT', TIME_TRACKING_MESSAGES.absenceOverlap, null, { date: formatLocalDate(day) });
    }
  }
}
