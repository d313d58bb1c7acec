import { Injectable } from '@nestjs/common';
import { Periodic } from '@shop/server';
import type { IdentityConfig } from '../config/identity-config.js';
import { PrivacyRepository } from './privacy.repository.js';

/**
 * An export's file is kept PRIVACY_EXPORT_TTL_HOURS for its one download: every RETENTION_INTERVAL_MS the files
 * of expired exports are deleted (the records stay, without them).
 */
@Injectable()
export class PrivacyExportSweep {
  constructor(private readonly repo: PrivacyRepository) {}

  @Periodic('privacy-export-sweep', (c: IdentityConfig) => c.RETENTION_INTERVAL_MS)
  sweep(now = new Date()): Promise<number> {
    return this.repo.clearExpiredExports(now);
  }
}
