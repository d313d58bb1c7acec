import { Inject, Injectable } from '@nestjs/common';
import {
  CRUD_RESOURCES,
  WorkingActivityInput,
  type Actor,
  type ActivityChange,
  type ActivitySnapshot,
  type WorkingActivity,
} from '@shop/contracts';
import { TIME_TRACKING_MESSAGES } from '@shop/i18n-de';
import {
  addEntityEventToOutbox,
  canAccess,
  DomainException,
  OUTBOX_RELAY,
  parseOrThrow,
  requireAccess,
  type OutboxKicker,
} from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';
import { activityDto, activitySnapshot, workingActivityCrud } from '../activities/working-activity.crud.js';
import { WorkingActivityEntity } from '../activities/working-activity.entity.js';
import { isAdmin } from '../common/time-range.js';
import { refuse } from '../common/refusal.js';
import { MonthGuard } from '../month-close/month-guard.js';
import { WorkingTimeContext } from '../settings/working-time-context.js';
import { ActivityChangesRepository } from './activity-changes.repository.js';

/** One write of an activity, as a use case asks for it. */
export interface ActivityWrite {
  actor: Actor | null;
  verb: 'create' | 'update' | 'delete';
  /** the activity (update, delete) */
  id?: number;
  /** the body (create, update): WorkingActivityInput, checked here */
  body?: unknown;
  /**
   * 'crud': the resource's create, update and delete: a person's own entries directly, anything else as a
   * correction (with a reason, by who manages the branch). 'manage': always a correction (the corrections route,
   * an approved request, an absence booked by a manager).
   */
  as: 'crud' | 'manage';
  /** the reason (else the body's `reason`) */
  reason?: string | null;
  /** the correction request the write applies (its approval) */
  requestId?: number | null;
  /** an approval: the activity must still be as the request found it (else 409) */
  expectBefore?: ActivitySnapshot | null;
  /** what else the same transaction writes once the activity is written (a request's decision) */
  also?: (m: EntityManager, written: { activityId: number; change: ActivityChange }) => Promise<void>;
}

export interface ActivityWritten {
  activity: WorkingActivity | null;
  change: ActivityChange;
}

const LABEL = CRUD_RESOURCES['working-activities'].label;
const PG_UNIQUE_VIOLATION = '23505';
const PAST = { create: 'created', update: 'updated', delete: 'deleted' } as const;

/** JSON with every object's keys sorted (jsonb keeps keys in an order of its own). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y)))
      : v,
  );
const sameSnapshot = (a: ActivitySnapshot | null, b: ActivitySnapshot | null): boolean => canonical(a) === canonical(b);

/**
 * The one write path of working activities outside the clock (issue 41): the CRUD's create, update and delete, a
 * manager's correction, an approved correction request and a booked absence. In one transaction: the access rules
 * (the resource's, and who may correct), the reason a correction needs, the month close, the resource's checks and
 * fields (validation, references, times, law warnings), the row, its audit entry (who, when, why, before, after) and
 * its entity event (the statistics follow). Balances are computed from the activities, so they follow at once.
 */
@Injectable()
export class ActivityWriter {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    private readonly context: WorkingTimeContext,
    private readonly changes: ActivityChangesRepository,
    private readonly months: MonthGuard,
  ) {}

  async write(w: ActivityWrite): Promise<ActivityWritten> {
    const actor = requireAccess(w.actor, 'staff');
    const input = w.verb === 'delete' ? undefined : parseOrThrow(WorkingActivityInput, w.body ?? {});
    const reason = w.reason ?? input?.reason ?? null;
    const written = await this.transaction(async (m) => {
      // the rules of the branches are read on this transaction's connection (a second one of a small pool could
      // be held by a write waiting for this one's row lock)
      const def = workingActivityCrud((b) => this.context.forBranch(b, actor, m), this.context.defaults.timeZone);
      const repo = m.getRepository(WorkingActivityEntity);
      const existing =
        w.id === undefined
          ? undefined
          : ((await repo.findOne({ where: { id: w.id }, lock: { mode: 'pessimistic_write' } })) ?? undefined);
      if (w.verb !== 'create' && (!existing || !this.visible(actor, existing))) throw DomainException.notFound(LABEL);
      const before = existing ? activitySnapshot(existing) : null;
      if (w.expectBefore !== undefined && !sameSnapshot(before, w.expectBefore))
        throw refuse('CONFLICT', TIME_TRACKING_MESSAGES.requestChanged);
      def.authorize(actor, w.verb, existing, input);
      const correction = this.correction(actor, w.as, existing, input);
      if (correction && !reason) throw refuse('VALIDATION_FAILED', TIME_TRACKING_MESSAGES.reasonRequired, 'reason');
      await this.months.requireOpen(
        m,
        [
          ...(existing ? [{ branch: existing.branchId, start: existing.start, end: existing.end }] : []),
          ...(input ? [{ branch: input.branch, start: input.start, end: input.end }] : []),
        ],
        actor,
      );
      let entity: WorkingActivityEntity;
      if (w.verb === 'delete' && existing) {
        entity = existing;
        await repo.delete(existing.id);
      } else if (input) {
        entity = existing ?? repo.create();
        const errors = (await def.checkReferences?.(m, input)) ?? [];
        if (errors.length) throw DomainException.validation(errors);
        await def.assign(input, entity, m);
        entity.source = correction ? 'correction' : (existing?.source ?? 'entry');
        entity = await repo.save(entity);
      } else throw DomainException.notFound(LABEL);
      const change = await this.changes.record(m, {
        activityId: entity.id,
        userId: entity.userId,
        branchId: entity.branchId,
        action: PAST[w.verb],
        actor: { id: actor.id, username: actor.username },
        reason,
        before,
        after: w.verb === 'delete' ? null : activitySnapshot(entity),
        requestId: w.requestId ?? null,
      });
      await addEntityEventToOutbox(m, `time-tracking.working-activity.${PAST[w.verb]}`, entity.id);
      await w.also?.(m, { activityId: entity.id, change });
      return { entity, change };
    });
    void this.relay.kick();
    return {
      activity: w.verb === 'delete' ? null : activityDto(written.entity),
      change: written.change,
    };
  }

  /**
   * The write's transaction. A second open activity of a person (the partial unique index of the clock) is the
   * clock's 409, not an error of the server.
   */
  private async transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.ds.transaction(work);
    } catch (err) {
      const pg = err as { code?: string; constraint?: string };
      if (pg.code === PG_UNIQUE_VIOLATION && pg.constraint === 'working_activity_one_open_per_user')
        throw DomainException.of('CONFLICT', 'timeTracking.alreadyRunning', {}, 'end');
      throw err;
    }
  }

  /** Whether the staff member may see the activity (else it is 404 to them, as in the resource's lists). */
  visible(actor: Actor, e: { userId: number; branchId: number }): boolean {
    return isAdmin(actor) || e.userId === actor.id || canAccess(actor, 'manage', [e.branchId]);
  }

  /**
   * Whether the write is a correction: someone else's activity, or one the clock or a correction recorded, or a
   * write `as: 'manage'`. A correction needs the right to manage the branches concerned; an employee's own
   * recorded activity is corrected through a request (403 with that hint).
   */
  private correction(
    actor: Actor,
    as: ActivityWrite['as'],
    existing: WorkingActivityEntity | undefined,
    input: { user: number; branch: number } | undefined,
  ): boolean {
    const branches = [existing?.branchId, input?.branch].filter((x): x is number => x !== undefined);
    if (as === 'manage') {
      requireAccess(actor, 'manage', branches);
      return true;
    }
    const own = [existing?.userId, input?.user].every((u) => u === undefined || u === actor.id);
    const recorded = existing !== undefined && existing.source !== 'entry';
    if (own && !recorded) return false;
    if (!canAccess(actor, 'manage', branches)) {
      if (own) throw refuse('FORBIDDEN', TIME_TRACKING_MESSAGES.requestCorrection);
      requireAccess(actor, 'manage', branches);
    }
    return true;
  }
}
