import { Injectable } from '@nestjs/common';
import { type Actor, type JsonObject, type ListReply, type PrivacyRequestRecord } from '@shop/contracts';
import { parseOrThrow, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { PrivacyRequestEntity } from '../../privacy-request.entity.js';
import { toRecord } from '../shared/privacy-record.js';

const PrivacyListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
});

/** Every column of a record but the export's file. */
const RECORD_COLUMNS = {
  id: true,
  createdAt: true,
  kind: true,
  requestedBy: true,
  handledById: true,
  handledByName: true,
  subjectHash: true,
  counts: true,
  failedServices: true,
  exportFormat: true,
  exportExpiresAt: true,
  exportDownloadedAt: true,
} as const;

/**
 * Issue 44: the records of the requests (who asked, who handled it, what was found, exported or erased), newest
 * first; administrators only.
 */
@Injectable()
export class ListPrivacyRequests {
  constructor(private readonly ds: DataSource) {}

  async execute(actor: Actor | null, query: JsonObject): Promise<ListReply<PrivacyRequestRecord>> {
    requireAccess(actor, 'admin');
    const { page, perPage } = parseOrThrow(PrivacyListQuery, query ?? {});
    const [rows, total] = await this.ds.getRepository(PrivacyRequestEntity).findAndCount({
      select: RECORD_COLUMNS,
      order: { id: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
    return { items: rows.map(toRecord), meta: { total, page, perPage } };
  }
}
