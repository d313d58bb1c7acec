import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, cutoffBefore, LOGGER, Periodic } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource, LessThan } from 'typeorm';
import type { ContentConfig } from '../config/content-config.js';
import { UploadService } from '../uploads/upload.service.js';
import { FormSubmissionEntity } from './form-submission.entity.js';

/**
 * What the content service keeps only for a while: form submissions (FORM_SUBMISSION_RETENTION_DAYS) and uploads
 * that no order and no content refers to (UPLOAD_RETENTION_DAYS), swept every RETENTION_SWEEP_INTERVAL_MS.
 */
@Injectable()
export class ContentRetention {
  constructor(
    private readonly ds: DataSource,
    private readonly uploads: UploadService,
    @Inject(CONFIG) private readonly config: ContentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Periodic('content-retention', (c: ContentConfig) => c.RETENTION_SWEEP_INTERVAL_MS)
  async sweep(now = new Date()): Promise<{ submissions: number; uploads: number }> {
    const before = cutoffBefore(now, { days: this.config.FORM_SUBMISSION_RETENTION_DAYS });
    const { affected } = await this.ds.getRepository(FormSubmissionEntity).delete({ createdAt: LessThan(before) });
    const uploads = await this.uploads.purgeUnreferenced(
      cutoffBefore(now, { days: this.config.UPLOAD_RETENTION_DAYS }),
    );
    const result = { submissions: affected ?? 0, uploads };
    if (result.submissions || result.uploads) this.logger.info(result, 'retention sweep deleted old content');
    return result;
  }
}
