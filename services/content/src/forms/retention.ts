import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, LOGGER, PeriodicTasks } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource, LessThan } from 'typeorm';
import type { ContentConfig } from '../config/content-config.js';
import { UploadService } from '../uploads/upload.service.js';
import { FormSubmissionEntity } from './form-submission.entity.js';

const DAY_MS = 24 * 3_600_000;

/**
 * What the content service keeps only for a while: form submissions (FORM_SUBMISSION_RETENTION_DAYS) and uploads
 * that no order and no content refers to (UPLOAD_RETENTION_DAYS), swept every RETENTION_SWEEP_INTERVAL_MS.
 */
@Injectable()
export class ContentRetention implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly uploads: UploadService,
    private readonly tasks: PeriodicTasks,
    @Inject(CONFIG) private readonly config: ContentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.tasks.every('content-retention', this.config.RETENTION_SWEEP_INTERVAL_MS, async () => {
      await this.sweep();
    });
  }

  async sweep(now = new Date()): Promise<{ submissions: number; uploads: number }> {
    const before = new Date(now.getTime() - this.config.FORM_SUBMISSION_RETENTION_DAYS * DAY_MS);
    const { affected } = await this.ds.getRepository(FormSubmissionEntity).delete({ createdAt: LessThan(before) });
    const uploads = await this.uploads.purgeUnreferenced(
      new Date(now.getTime() - this.config.UPLOAD_RETENTION_DAYS * DAY_MS),
    );
    const result = { submissions: affected ?? 0, uploads };
    if (result.submissions || result.uploads) this.logger.info(result, 'retention sweep deleted old content');
    return result;
  }
}
