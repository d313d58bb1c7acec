import { Injectable } from '@nestjs/common';
import {
  ActivityCorrectionInput,
  CRUD_RESOURCES,
  WorkingActivityInput,
  type Actor,
  type ActivitySnapshot,
  type CorrectionRequest,
} from '@shop/contracts';
import { TIME_TRACKING_MESSAGES } from '@shop/i18n-de';
import { DomainException, parseOrThrow, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { workingActivityCrud } from '../../../activities/working-activity.crud.js';
import { activitySnapshot } from '../../../activities/working-activity.crud.js';
import { WorkingActivityEntity } from '../../../activities/working-activity.entity.js';
import { refuse } from '../../../common/refusal.js';
import { MonthGuard } from '../../../month-close/month-guard.js';
import { WorkingTimeContext } from '../../../settings/working-time-context.js';
import { ActivityWriter } from '../../activity-writer.js';
import { CorrectionRequestEntity } from '../../correction-request.entity.js';
import { requestDto } from '../../correction-requests.js';

/** The proposal as the request keeps it: the activity's fields, instants in UTC. */
function proposal(input: z.output<typeof WorkingActivityInput>): ActivitySnapshot {
  return {
    user: input.user,
    branch: input.branch,
    project: input.project,
    task: input.task,
    kind: input.kind,
    start: new Date(input.start).toISOString(),
    end: input.end === null ? null : new Date(input.end).toISOString(),
    pauses: input.pauses.map((p) => ({
      start: new Date(p.start).toISOString(),
      end: p.end === null ? null : new Date(p.end).toISOString(),
    })),
    note: input.note,
    halfDay: input.halfDay,
  };
}

/**
 * `POST /api/time-tracking/correction-requests` (issue 41): an employee asks for a correction of their own
 * activity (add, change, delete) with a reason; a manager of its branch approves or rejects it. The proposal is
 * checked now as its approval would check it (fields, references, times, the month close), so what waits can be
 * applied; one request per activity waits at a time.
 */
@Injectable()
export class RequestCorrection {
  constructor(
    private readonly ds: DataSource,
    private readonly context: WorkingTimeContext,
    private readonly months: MonthGuard,
    private readonly writer: ActivityWriter,
  ) {}

  async execute(actor: Actor | null, body: unknown): Promise<CorrectionRequest> {
    const a = requireAccess(actor, 'staff');
    const input = parseOrThrow(ActivityCorrectionInput, body);
    const proposed = input.action === 'delete' ? undefined : parseOrThrow(WorkingActivityInput, input);
    const saved = await this.ds.transaction(async (m) => {
      const existing =
        input.action === 'create'
          ? undefined
          : ((await m.getRepository(WorkingActivityEntity).findOneBy({ id: input.activity })) ?? undefined);
      if (input.action !== 'create' && (!existing || !this.writer.visible(a, existing)))
        throw DomainException.notFound(CRUD_RESOURCES['working-activities'].label);
      if ((existing && existing.userId !== a.id) || (proposed && proposed.user !== a.id))
        throw refuse('FORBIDDEN', TIME_TRACKING_MESSAGES.requestOwnOnly, existing ? null : 'user');
      // their own activities at their branches, as their own entries
      const branches = [existing?.branchId, proposed?.branch].filter((b): b is number => b !== undefined);
      requireAccess(a, 'branch', branches);
      if (proposed) {
        const def = workingActivityCrud((b) => this.context.forBranch(b, a), this.context.defaults.timeZone);
        const errors = (await def.checkReferences?.(m, proposed)) ?? [];
        if (errors.length) throw DomainException.validation(errors);
      }
      await this.months.requireOpen(
        m,
        [
          ...(existing ? [{ branch: existing.branchId, start: existing.start, end: existing.end }] : []),
          ...(proposed ? [{ branch: proposed.branch, start: proposed.start, end: proposed.end }] : []),
        ],
        a,
      );
      if (existing && (await m.existsBy(CorrectionRequestEntity, { activityId: existing.id, status: 'pending' })))
        throw refuse('CONFLICT', TIME_TRACKING_MESSAGES.requestPending);
      const repo = m.getRepository(CorrectionRequestEntity);
      return repo.save(
        repo.create({
          status: 'pending',
          action: input.action,
          activityId: existing?.id ?? null,
          userId: a.id,
          branchId: proposed?.branch ?? existing?.branchId,
          reason: input.reason,
          requestedById: a.id,
          requestedByName: a.username,
          before: existing ? activitySnapshot(existing) : null,
          proposed: proposed ? proposal(proposed) : null,
          endsNextDay: proposed?.endsNextDay ?? false,
          decidedById: null,
          decidedByName: null,
          decidedAt: null,
          decisionNote: null,
        }),
      );
    });
    return requestDto(saved);
  }
}
