import type { Actor, CorrectionRequest } from '@shop/contracts';
import { holdsPermission } from '@shop/server';
import type { SelectQueryBuilder } from 'typeorm';
import { isAdmin } from '../common/time-range.js';
import type { CorrectionRequestEntity } from './correction-request.entity.js';

/** A correction request as the API shows it. */
export function requestDto(e: CorrectionRequestEntity): CorrectionRequest {
  return {
    id: e.id,
    status: e.status,
    action: e.action,
    activity: e.activityId,
    user: e.userId,
    branch: e.branchId,
    reason: e.reason,
    requestedBy: { id: e.requestedById, username: e.requestedByName },
    requestedAt: e.createdAt.toISOString(),
    before: e.before,
    proposed: e.proposed,
    endsNextDay: e.endsNextDay,
    decidedBy:
      e.decidedById === null ? null : { id: e.decidedById, username: e.decidedByName ?? String(e.decidedById) },
    decidedAt: e.decidedAt?.toISOString() ?? null,
    decisionNote: e.decisionNote,
  };
}

/**
 * Who reads which requests: administrators all, branch managers their own and those of the branches they manage,
 * employees their own (alias `r`).
 */
export function requestScope(qb: SelectQueryBuilder<CorrectionRequestEntity>, actor: Actor): void {
  if (isAdmin(actor)) return;
  if (holdsPermission(actor, 'manage') && actor.branches.length > 0)
    qb.andWhere('(r."userId" = :me OR r."branchId" = ANY(:managed))', { me: actor.id, managed: actor.branches });
  else qb.andWhere('r."userId" = :me', { me: actor.id });
}
