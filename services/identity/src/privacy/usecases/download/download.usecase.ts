import { Injectable } from '@nestjs/common';
import type { Actor } from '@shop/contracts';
import { NOUNS } from '@shop/i18n-de';
import { DomainException, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { PrivacyRequestEntity } from '../../privacy-request.entity.js';
import { exportFileOf, germanDateTime } from '../shared/export-file.js';

/**
 * Issue 44: an export's file, once, to the staff member who made it; the file is deleted as it is handed out. Anyone
 * else gets a German 403 naming who made it; a second download or an expired export a German 404 saying which,
 * with the advice to make a new export.
 */
@Injectable()
export class DownloadExport {
  constructor(private readonly ds: DataSource) {}

  async execute(actor: Actor | null, id: number): Promise<{ fileName: string; contentType: string; body: string }> {
    const staff = requireAccess(actor, 'privacy');
    const now = new Date();
    return this.ds.transaction(async (m) => {
      const repo = m.getRepository(PrivacyRequestEntity);
      const record = Number.isSafeInteger(id)
        ? await repo.findOne({ where: { id, kind: 'export' }, lock: { mode: 'pessimistic_write' } })
        : null;
      if (!record?.exportFormat) throw DomainException.notFound(NOUNS.privacyExport);
      if (record.handledById !== staff.id)
        throw DomainException.of('FORBIDDEN', 'privacyRequests.downloadOtherStaff', { name: record.handledByName });
      if (record.exportDownloadedAt)
        throw DomainException.of('NOT_FOUND', 'privacyRequests.exportDownloaded', {
          at: germanDateTime(record.exportDownloadedAt),
        });
      const expiresAt = record.exportExpiresAt ?? now;
      // the sweep clears an expired file within RETENTION_INTERVAL_MS; until then it is refused all the same
      if (!record.exportBody || expiresAt <= now)
        throw DomainException.of('NOT_FOUND', 'privacyRequests.exportExpired', { at: germanDateTime(expiresAt) });
      const body = record.exportBody;
      await repo.update({ id }, { exportBody: null, exportDownloadedAt: now });
      return { ...exportFileOf(record.id, record.exportFormat), body };
    });
  }
}
