import { Inject, Injectable } from '@nestjs/common';
import { PrivacyExportInput, type Actor, type PrivacyRequestRecord } from '@shop/contracts';
import { CONFIG } from '@shop/server';
import { DataSource } from 'typeorm';
import type { IdentityConfig } from '../../../config/identity-config.js';
import { PrivacyRequestEntity } from '../../privacy-request.entity.js';
import { exportBody } from '../shared/export-file.js';
import { countsOf, PrivacyRequests, toRecord } from '../shared/privacy-record.js';

/**
 * Issue 44, 'Datenexport' (GDPR art. 15 and 20): one file per request, JSON or CSV, with every section; kept with
 * the record until the staff member who made it downloads it once, or for PRIVACY_EXPORT_TTL_HOURS.
 */
@Injectable()
export class ExportPrivacy {
  constructor(
    private readonly ds: DataSource,
    private readonly requests: PrivacyRequests,
    @Inject(CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute(actor: Actor | null, payload: unknown): Promise<PrivacyRequestRecord> {
    const request = await this.requests.start(actor, payload, PrivacyExportInput);
    const { sections } = await this.requests.finder.find(request.subject, request.country);
    const expiresAt = new Date(Date.now() + this.config.PRIVACY_EXPORT_TTL_HOURS * 3_600_000);
    const format = request.input.format;
    return this.ds.transaction(async (m) => {
      const record = await this.requests.record(m, request, 'export', {
        counts: countsOf(sections),
        exportFormat: format,
        exportExpiresAt: expiresAt,
      });
      // the file names its request's number, so it is written once the record has one
      const head = {
        id: record.id,
        createdAt: record.createdAt,
        requestedBy: record.requestedBy,
        handledBy: record.handledByName,
        subject: request.subject,
      };
      record.exportBody = exportBody(format, head, sections);
      return toRecord(await m.getRepository(PrivacyRequestEntity).save(record));
    });
  }
}
