import {
  CRUD_RESOURCES,
  WorkingActivityInput,
  type Actor,
  type ActivitySnapshot,
  type FieldError,
  type LawRuleSet,
  type WorkingActivity,
} from '@shop/contracts';
import { activityState, addDays, coveredDays, lawWarnings, localDate, netMinutes } from '@shop/domain';
import { t, TIME_TRACKING_MESSAGES } from '@shop/i18n-de';
import { columnFilters, defineCrud, DomainException, holdsPermission, meta, requireAccess } from '@shop/server';
import { Between, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { startsOnDays } from '../common/branch-days.js';
import { isAdmin } from '../common/time-range.js';
import { ProjectEntity, TaskEntity } from '../projects/project.entity.js';
import { WorkingActivityEntity } from './working-activity.entity.js';

type Input = z.output<typeof WorkingActivityInput>;
const DAY = 86_400_000;
/** the list filters that match a column of the activity */
const activityColumns = columnFilters<WorkingActivityEntity>({
  user: 'userId',
  branch: 'branchId',
  project: 'projectId',
  kind: 'kind',
});

/** An activity as the API shows it: its state, minutes net of pauses and law warnings. */
export function activityDto(e: WorkingActivityEntity, now = new Date()): WorkingActivity {
  const timed = {
    kind: e.kind,
    start: e.start.toISOString(),
    end: e.end?.toISOString() ?? null,
    pauses: e.pauses,
  };
  return {
    ...meta(e),
    user: e.userId,
    branch: e.branchId,
    project: e.projectId,
    task: e.taskId,
    note: e.note,
    ...timed,
    halfDay: e.halfDay,
    state: activityState(timed),
    netMinutes: netMinutes(timed, now),
    warnings: e.warnings,
    source: e.source,
  };
}

/** An activity's fields as the audit trail and correction requests keep them. */
export function activitySnapshot(e: WorkingActivityEntity): ActivitySnapshot {
  return {
    user: e.userId,
    branch: e.branchId,
    project: e.projectId,
    task: e.taskId,
    kind: e.kind,
    start: e.start.toISOString(),
    end: e.end?.toISOString() ?? null,
    pauses: e.pauses,
    note: e.note,
    halfDay: e.halfDay,
  };
}

/**
 * The law warnings of the activity's day(s), judged with the user's neighbouring activities (rest, week); each
 * neighbour's day is read in its own branch's zone when `zoneOf` tells it.
 */
export async function warningsFor(
  manager: EntityManager,
  e: WorkingActivityEntity,
  ruleSet: LawRuleSet,
  timeZone: string,
  zoneOf: (branch: number) => Promise<string> = async () => timeZone,
): Promise<WorkingActivity['warnings']> {
  if (e.kind !== 'work' || !e.end) return [];
  const around = await manager.getRepository(WorkingActivityEntity).find({
    where: { userId: e.userId, start: Between(new Date(e.start.getTime() - 7 * DAY), new Date(e.end.getTime() + DAY)) },
  });
  const all = [...around.filter((a) => a.id !== e.id), e];
  const zones = new Map<number, string>([[e.branchId, timeZone]]);
  for (const a of all) if (!zones.has(a.branchId)) zones.set(a.branchId, await zoneOf(a.branchId));
  const list = all.map((a) => ({
    kind: a.kind,
    start: a.start.toISOString(),
    end: a.end?.toISOString() ?? null,
    pauses: a.pauses,
    timeZone: zones.get(a.branchId),
  }));
  const day = localDate(e.start, timeZone);
  return lawWarnings(list, ruleSet, timeZone).filter((w) => w.date === day || w.rule === 'weeklyMaximum');
}

/** Pauses lie within the activity (an open pause only in an open activity). */
export function pauseErrors(input: Pick<Input, 'start' | 'end' | 'pauses'>): FieldError[] {
  const start = Date.parse(input.start);
  const end = input.end ? Date.parse(input.end) : Infinity;
  const outside = input.pauses.some(
    (p) => Date.parse(p.start) < start || (p.end ? Date.parse(p.end) : end === Infinity ? 0 : Infinity) > end,
  );
  return outside ? [{ field: 'pauses', message: t('timeTracking.pauseOutside') }] : [];
}

/**
 * Employees see and change only their own activities (at their branches); administrators all (issue 19); branch
 * managers also those at the branches they manage (issue 41: the corrections of their people's times).
 */
function requireOwnOrManaged(actor: Actor | null, userIds: number[], branchIds: number[]): void {
  const a = requireAccess(actor, 'staff');
  if (isAdmin(a) || userIds.every((id) => id === a.id)) return;
  if (holdsPermission(a, 'manage') && branchIds.length > 0) return void requireAccess(a, 'manage', branchIds);
  throw DomainException.of('FORBIDDEN', 'timeTracking.ownOnly');
}

/**
 * Issue 41: the input's times as it says them. Work whose last instant lies on a later local day than its start
 * (in its branch's zone) needs `endsNextDay` and then ends on the next day; `endsNextDay` on work of one day is a
 * contradiction. A half day is an absence of one day.
 */
export function timeErrors(input: Input, timeZone: string): FieldError[] {
  const errors: FieldError[] = [];
  if (input.end !== null && input.kind === 'work') {
    const startDay = localDate(Date.parse(input.start), timeZone);
    const endDay = localDate(Math.max(Date.parse(input.start), Date.parse(input.end) - 1), timeZone);
    if (endDay > startDay && !input.endsNextDay)
      errors.push({ field: 'end', message: TIME_TRACKING_MESSAGES.endsNextDayRequired });
    else if (endDay > addDays(startDay, 1))
      errors.push({ field: 'end', message: TIME_TRACKING_MESSAGES.endsNextDayTooLate });
    else if (endDay === startDay && input.endsNextDay)
      errors.push({ field: 'end', message: TIME_TRACKING_MESSAGES.endsNextDaySameDay });
  }
  if (input.halfDay) {
    if (input.kind === 'work') errors.push({ field: 'halfDay', message: TIME_TRACKING_MESSAGES.halfDayAbsenceOnly });
    else if (coveredDays(input, timeZone).length !== 1)
      errors.push({ field: 'halfDay', message: TIME_TRACKING_MESSAGES.halfDayOneDay });
  }
  return errors;
}

/** The rule set and time zone of a branch (the division's setting, the branch's zone; see WorkingTimeContext). */
export type RulesOfBranch = (branchId: number) => Promise<{ ruleSet: LawRuleSet; timeZone: string }>;

/**
 * Each activity is judged by the rules and zone of its branch, and the from/to filters read its start in that zone
 * (`zones`, by branch; a branch not in it in `timeZone`).
 */
export function workingActivityCrud(
  rulesOf: RulesOfBranch,
  timeZone: string,
  zones: ReadonlyMap<number, string> = new Map(),
) {
  return defineCrud(CRUD_RESOURCES['working-activities'], WorkingActivityEntity, {
    searchColumns: ['note'],
    order: { start: 'DESC' },
    actorScope(qb, a, actor) {
      if (isAdmin(actor)) return;
      // a branch manager also reads the activities of the branches they manage (issue 41)
      if (holdsPermission(actor, 'manage') && actor.branches.length > 0)
        qb.andWhere(`(${a}."userId" = :me OR ${a}."branchId" = ANY(:managed))`, {
          me: actor.id,
          managed: actor.branches,
        });
      else qb.andWhere(`${a}."userId" = :me`, { me: actor.id });
    },
    applyFilters(qb, a, f) {
      activityColumns(qb, a, f);
      const range = { from: f.from as string | undefined, to: f.to as string | undefined };
      startsOnDays(qb, a, range, zones, timeZone);
    },
    async checkReferences(manager, input) {
      const errors = [...pauseErrors(input), ...timeErrors(input, (await rulesOf(input.branch)).timeZone)];
      if (input.project !== null && !(await manager.existsBy(ProjectEntity, { id: input.project })))
        errors.push({ field: 'project', message: t('timeTracking.projectUnknown') });
      if (
        input.task !== null &&
        !(await manager.existsBy(TaskEntity, {
          id: input.task,
          ...(input.project ? { projectId: input.project } : {}),
        }))
      )
        errors.push({ field: 'task', message: t('timeTracking.taskUnknown') });
      return errors;
    },
    authorize(actor, verb, existing, input) {
      const branches = [existing?.branchId, input?.branch].filter((x): x is number => x !== undefined);
      requireOwnOrManaged(
        actor,
        [existing?.userId, input?.user].filter((x): x is number => x !== undefined),
        branches,
      );
      // an employee writes their own activities only at their branches, as the clock starts them (403
      // 'http.forbiddenBranch'); administrators anywhere
      if (verb !== 'read') requireAccess(actor, 'branch', branches);
    },
    async assign(input, e, manager) {
      e.userId = input.user;
      e.branchId = input.branch;
      e.projectId = input.project;
      e.taskId = input.task;
      e.kind = input.kind;
      e.start = new Date(input.start);
      e.end = input.end ? new Date(input.end) : null;
      e.pauses = input.pauses;
      e.note = input.note;
      e.halfDay = input.halfDay;
      const rules = await rulesOf(e.branchId);
      e.warnings = await warningsFor(
        manager,
        e,
        rules.ruleSet,
        rules.timeZone,
        async (b) => (await rulesOf(b)).timeZone,
      );
    },
    toDto: (e) => activityDto(e),
  });
}
