import { Injectable } from '@nestjs/common';
import {
  CorrectionRequestQuery,
  ListQuery,
  type Actor,
  type CorrectionRequest,
  type JsonObject,
  type ListReply,
} from '@shop/contracts';
import { TIME_TRACKING_MESSAGES } from '@shop/i18n-de';
import { DomainException, parseOrThrow, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { CorrectionRequestEntity } from '../../correction-request.entity.js';
import { requestDto, requestScope } from '../../correction-requests.js';

/**
 * `GET /api/time-tracking/correction-requests` and `…/{id}` (issue 41): employees read their own requests,
 * branch managers also those of the branches they manage, administrators all; filters status, user, branch;
 * pending first, then the newest.
 */
@Injectable()
export class ListCorrectionRequests {
  constructor(private readonly ds: DataSource) {}

  async list(actor: Actor | null, query: JsonObject): Promise<ListReply<CorrectionRequest>> {
    const a = requireAccess(actor, 'staff');
    const page = parseOrThrow(ListQuery, query);
    const q = parseOrThrow(CorrectionRequestQuery, query);
    const qb = this.ds.getRepository(CorrectionRequestEntity).createQueryBuilder('r');
    requestScope(qb, a);
    if (q.status) qb.andWhere('r.status = :status', { status: q.status });
    if (q.user !== undefined) qb.andWhere('r."userId" = :user', { user: q.user });
    if (q.branch !== undefined) qb.andWhere('r."branchId" = :branch', { branch: q.branch });
    qb.orderBy(`CASE WHEN r.status = 'pending' THEN 0 ELSE 1 END`).addOrderBy('r.id', 'DESC');
    const perPage = page.perPage ?? 0;
    const current = page.page ?? 1;
    if (perPage) qb.skip((current - 1) * perPage).take(perPage);
    const [rows, total] = await qb.getManyAndCount();
    return { items: rows.map(requestDto), meta: { total, page: current, perPage: perPage || total } };
  }

  async get(actor: Actor | null, id: number): Promise<CorrectionRequest> {
    const a = requireAccess(actor, 'staff');
    const qb = this.ds.getRepository(CorrectionRequestEntity).createQueryBuilder('r').where('r.id = :id', { id });
    requestScope(qb, a);
    const row = await qb.getOne();
    if (!row) throw DomainException.notFound(TIME_TRACKING_MESSAGES.requestLabel);
    return requestDto(row);
  }
}
