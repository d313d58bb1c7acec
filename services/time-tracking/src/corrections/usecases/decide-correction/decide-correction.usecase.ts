import { Injectable } from '@nestjs/common';
import { CorrectionDecisionInput, type Actor, type CorrectionRequest } from '@shop/contracts';
import { TIME_TRACKING_MESSAGES } from '@shop/i18n-de';
import { DomainException, parseOrThrow, requireAccess } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';
import { refuse } from '../../../common/refusal.js';
import { ActivityWriter } from '../../activity-writer.js';
import { CorrectionRequestEntity } from '../../correction-request.entity.js';
import { requestDto } from '../../correction-requests.js';

const notFound = () => DomainException.notFound(TIME_TRACKING_MESSAGES.requestLabel);

/**
 * The decision on a correction request (issue 41): a manager of its branch (or an administrator), never the one who
 * asked, approves it (the correction is applied as a manager's, with the request's reason, linked in the audit
 * trail; refused with 409 if the activity changed since the request) or rejects it with a note; the requester may
 * withdraw it while it waits. Only a pending request is decided (409 otherwise).
 */
@Injectable()
export class DecideCorrection {
  constructor(
    private readonly ds: DataSource,
    private readonly writer: ActivityWriter,
  ) {}

  async approve(actor: Actor | null, id: number, body: unknown): Promise<CorrectionRequest> {
    const a = requireAccess(actor, 'staff');
    const { note } = parseOrThrow(CorrectionDecisionInput, body ?? {});
    const request = await this.pending(this.ds.manager, a, id, 'decide');
    let decided: CorrectionRequestEntity | undefined;
    await this.writer.write({
      actor: a,
      verb: request.action,
      id: request.activityId ?? undefined,
      body: request.proposed ? { ...request.proposed, endsNextDay: request.endsNextDay } : undefined,
      as: 'manage',
      reason: request.reason,
      requestId: request.id,
      expectBefore: request.action === 'create' ? undefined : request.before,
      also: async (m, written) => {
        // decided in the write's transaction, once: a second approval at the same time finds it decided
        const locked = await this.pending(m, a, id, 'decide');
        decided = await this.decide(m, locked, a, 'approved', note, written.activityId);
      },
    });
    return requestDto(decided as CorrectionRequestEntity);
  }

  async reject(actor: Actor | null, id: number, body: unknown): Promise<CorrectionRequest> {
    const a = requireAccess(actor, 'staff');
    const { note } = parseOrThrow(CorrectionDecisionInput, body ?? {});
    if (!note) throw refuse('VALIDATION_FAILED', TIME_TRACKING_MESSAGES.rejectNoteRequired, 'note');
    return requestDto(
      await this.ds.transaction(async (m) =>
        this.decide(m, await this.pending(m, a, id, 'decide'), a, 'rejected', note, undefined),
      ),
    );
  }

  async withdraw(actor: Actor | null, id: number): Promise<CorrectionRequest> {
    const a = requireAccess(actor, 'staff');
    return requestDto(
      await this.ds.transaction(async (m) =>
        this.decide(m, await this.pending(m, a, id, 'withdraw'), a, 'withdrawn', null, undefined),
      ),
    );
  }

  /** The request, locked, pending, and the actor's to decide (or to withdraw). */
  private async pending(
    m: EntityManager,
    a: Actor,
    id: number,
    step: 'decide' | 'withdraw',
  ): Promise<CorrectionRequestEntity> {
    const request = await m
      .getRepository(CorrectionRequestEntity)
      .findOne({ where: { id }, lock: m.queryRunner?.isTransactionActive ? { mode: 'pessimistic_write' } : undefined });
    const own = request?.requestedById === a.id;
    if (!request || (!own && !this.writer.visible(a, { userId: request.userId, branchId: request.branchId })))
      throw notFound();
    if (step === 'withdraw') {
      if (!own) throw refuse('FORBIDDEN', TIME_TRACKING_MESSAGES.withdrawOwnOnly);
    } else {
      requireAccess(a, 'manage', [request.branchId]);
      if (own) throw refuse('FORBIDDEN', TIME_TRACKING_MESSAGES.requestOwnDecision);
    }
    if (request.status !== 'pending') throw refuse('CONFLICT', TIME_TRACKING_MESSAGES.requestNotPending);
    return request;
  }

  private decide(
    m: EntityManager,
    request: CorrectionRequestEntity,
    a: Actor,
    status: CorrectionRequestEntity['status'],
    note: string | null,
    activityId: number | undefined,
  ): Promise<CorrectionRequestEntity> {
    request.status = status;
    request.decidedById = a.id;
    request.decidedByName = a.username;
    request.decidedAt = new Date();
    request.decisionNote = note;
    if (activityId !== undefined && request.action === 'create') request.activityId = activityId;
    return m.getRepository(CorrectionRequestEntity).save(request);
  }
}
