import { Inject, Injectable } from '@nestjs/common';
import {
  ClockInput,
  type ClockAction,
  type ClockState,
  type EventName,
  type WorkingActivityClockedEvent,
} from '@shop/contracts';
import { activityState } from '@shop/domain';
import {
  addToOutbox,
  DomainException,
  OUTBOX_RELAY,
  parseOrThrow,
  requireAccess,
  type OutboxKicker,
} from '@shop/server';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { activityDto, warningsFor } from '../activities/working-activity.crud.js';
import { WorkingActivityEntity } from '../activities/working-activity.entity.js';
import { MonthGuard } from '../month-close/month-guard.js';
import { MonthLocksRepository } from '../month-close/month-locks.repository.js';
import { WorkingTimeContext } from '../settings/working-time-context.js';
import type { ClockUser } from '../terminal/clock-user.js';
import { ClockEventEntity } from '../terminal/terminal.entities.js';
import { ClockRepository } from './clock.repository.js';

const EVENTS: Record<ClockAction, EventName> = {
  start: 'time-tracking.working-activity.started',
  pause: 'time-tracking.working-activity.paused',
  resume: 'time-tracking.working-activity.resumed',
  end: 'time-tracking.working-activity.ended',
};
/** the reason a step without an open activity is refused: each names what it could not do */
const NO_ACTIVITY = {
  pause: 'timeTracking.notRunning',
  resume: 'timeTracking.nothingToResume',
  end: 'timeTracking.noActivity',
} as const satisfies Record<Exclude<ClockAction, 'start'>, string>;
const PG_UNIQUE_VIOLATION = '23505';
const MAX_AGE_MS = 7 * 86_400_000;
/** device clocks run a little fast: an event up to a minute ahead counts as now */
const SKEW_MS = 60_000;

const conflict = (key: Parameters<typeof DomainException.of>[1]) => DomainException.of('CONFLICT', key);

/**
 * The time clock of backoffice-platform.md §4: start (only when none runs), pause (only while running), resume
 * (only while paused), end (clears the current activity). Each answers the server's state; a transition that is
 * not allowed is 409 with the German reason. One open activity per user is a database constraint. An event with
 * an idempotency key (a terminal's offline queue) is applied once, at its device time.
 */
@Injectable()
export class ClockService {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    private readonly context: WorkingTimeContext,
    private readonly clocks: ClockRepository,
    /** issue 41: no clock step lands in a closed month (an offline event's device time, a forgotten end) */
    private readonly months: MonthGuard = new MonthGuard(new MonthLocksRepository(ds), context),
  ) {}

  async state(user: ClockUser): Promise<ClockState> {
    const open = await this.ds.getRepository(WorkingActivityEntity).findOneBy({ userId: user.id, end: IsNull() });
    return { user: { id: user.id, username: user.username }, current: open ? activityDto(open) : null };
  }

  async act(user: ClockUser, action: ClockAction, body: unknown): Promise<ClockState> {
    const input = parseOrThrow(ClockInput, body ?? {});
    const now = Date.now();
    const at = input.at ? new Date(Math.min(Date.parse(input.at), now)) : new Date(now);
    if (input.at && Date.parse(input.at) > now + SKEW_MS)
      throw DomainException.of('VALIDATION_FAILED', 'timeTracking.atInFuture', {}, 'at');
    if (now - at.getTime() > MAX_AGE_MS)
      throw DomainException.of('VALIDATION_FAILED', 'timeTracking.atTooOld', {}, 'at');
    let ended: WorkingActivityEntity | undefined;
    try {
      ended = await this.ds.transaction(async (m) => {
        // one clock action of a person at a time: the same offline event sent twice at once then finds the first
        // one's record below, instead of applying to the state the first one left ('nicht pausiert')
        await this.clocks.lockUser(m, user.id);
        if (input.idempotencyKey) {
          const done = await m.existsBy(ClockEventEntity, { userId: user.id, idempotencyKey: input.idempotencyKey });
          if (done) return undefined;
        }
        const activity = await this.apply(m, user, action, input, at);
        if (input.idempotencyKey)
          await m.insert(ClockEventEntity, {
            userId: user.id,
            idempotencyKey: input.idempotencyKey,
            action,
            activityId: activity.id,
          });
        const event: WorkingActivityClockedEvent = {
          id: activity.id,
          user: user.id,
          branch: activity.branchId,
          action,
          at: at.toISOString(),
        };
        await addToOutbox(m, EVENTS[action] as 'time-tracking.working-activity.started', event);
        return action === 'end' ? activity : undefined;
      });
    } catch (err) {
      const pg = err as { code?: string; constraint?: string };
      // the same offline event sent twice at once: the other request applied it
      if (pg.code === PG_UNIQUE_VIOLATION && pg.constraint === 'clock_event_user_key') return this.state(user);
      // two terminals starting the same employee at once: the partial unique index lets one through
      if (pg.code === PG_UNIQUE_VIOLATION && pg.constraint === 'working_activity_one_open_per_user')
        throw conflict('timeTracking.alreadyRunning');
      throw err;
    }
    void this.relay.kick();
    const state = await this.state(user);
    return ended ? { ...state, ended: activityDto(ended) } : state;
  }

  private async apply(
    m: EntityManager,
    user: ClockUser,
    action: ClockAction,
    input: z.output<typeof ClockInput>,
    at: Date,
  ): Promise<WorkingActivityEntity> {
    const repo = m.getRepository(WorkingActivityEntity);
    const open = await repo.findOne({ where: { userId: user.id, end: IsNull() }, lock: { mode: 'pessimistic_write' } });
    if (action === 'start') {
      if (open) throw conflict('timeTracking.alreadyRunning');
      const branch = user.terminalBranch ?? input.branch ?? user.actor?.branches[0];
      if (branch === undefined)
        throw DomainException.of('VALIDATION_FAILED', 'timeTracking.branchRequired', {}, 'branch');
      if (user.actor) requireAccess(user.actor, 'branch', [branch]);
      await this.months.requireOpen(m, [{ branch, start: at, end: at }], user.actor);
      const last = await repo.findOne({ where: { userId: user.id }, order: { end: 'DESC' } });
      if (last?.end && last.end > at)
        throw DomainException.of('VALIDATION_FAILED', 'timeTracking.atBeforeLast', {}, 'at');
      return repo.save(
        repo.create({
          userId: user.id,
          branchId: branch,
          projectId: input.project ?? null,
          taskId: input.task ?? null,
          kind: 'work',
          start: at,
          end: null,
          pauses: [],
          note: input.note ?? null,
          warnings: [],
          // recorded by the clock: the employee corrects it through a request (issue 41)
          source: 'clock',
        }),
      );
    }
    if (!open) throw conflict(NO_ACTIVITY[action]);
    const state = activityState({ end: null, pauses: open.pauses });
    const lastStep = Math.max(
      open.start.getTime(),
      ...open.pauses.flatMap((p) => [p.start, p.end ?? p.start].map(Date.parse)),
    );
    if (at.getTime() < lastStep) throw DomainException.of('VALIDATION_FAILED', 'timeTracking.atBeforeLast', {}, 'at');
    await this.months.requireOpen(m, [{ branch: open.branchId, start: open.start, end: at }], user.actor);
    const iso = at.toISOString();
    if (action === 'pause') {
      if (state !== 'running') throw conflict('timeTracking.notRunning');
      open.pauses = [...open.pauses, { start: iso, end: null }];
    } else if (action === 'resume') {
      if (state !== 'paused') throw conflict('timeTracking.notPaused');
      open.pauses = open.pauses.map((p) => (p.end === null ? { ...p, end: iso } : p));
    } else {
      open.pauses = open.pauses.map((p) => (p.end === null ? { ...p, end: iso } : p));
      open.end = at;
      // judged by the rule set of the branch's division, in the branch's time zone (neighbours in their branch's)
      const { ruleSet, timeZone } = await this.context.forBranch(open.branchId, user.actor);
      open.warnings = await warningsFor(
        m,
        open,
        ruleSet,
        timeZone,
        async (b) => (await this.context.forBranch(b, user.actor)).timeZone,
      );
    }
    return repo.save(open);
  }
}
