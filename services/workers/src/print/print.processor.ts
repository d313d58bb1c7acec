import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES, type JobOf, type PrintResult } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { CONFIG, LOGGER } from '@shop/server';
import type { Job, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { orderNumber } from '../common/order-texts.js';
import { QueueWorkers } from '../common/queue-worker.js';
import type { WorkersConfig } from '../config/workers-config.js';
import { receiptDocument, renderDocument, testDocument } from './receipt.js';

/**
 * The print queue: renders the order's receipt (or a device's test page) in every command set from the job's
 * snapshot; the result goes back with the job's completion, and the order service puts it into the queue of each
 * printer of the branch (the BullMQ job id is the queue entries' key, so a repeated job queues nothing twice).
 * The printers pull it from there.
 */
@Injectable()
export class PrintProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | null = null;

  constructor(
    private readonly queues: QueueWorkers,
    @Inject(CONFIG) private readonly config: WorkersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = this.queues.start(QUEUES.print, this.config.PRINT_CONCURRENCY, {
      'print-receipt': (data, job) => this.receipt(data, job),
      'print-test-page': (data) => Promise.resolve(this.testPage(data)),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  async receipt(data: JobOf<'print-receipt'>, job: Pick<Job, 'id'>): Promise<PrintResult> {
    const { snapshot, reason } = data;
    const number = orderNumber(snapshot.order, snapshot.shop);
    const notification =
      reason === 'created'
        ? t('orderMessages.notifyCreated', { number })
        : reason === 'confirmed'
          ? t('orderMessages.notifyConfirmed', { number })
          : undefined;
    this.logger.info({ jobId: job.id, orderId: data.orderId }, 'receipt rendered for the printers');
    return {
      branch: data.branch,
      orderId: data.orderId,
      documents: this.render(receiptDocument(snapshot, this.config.PUBLIC_BASE_URL)),
      notification,
    };
  }

  testPage(data: JobOf<'print-test-page'>): PrintResult {
    return {
      branch: data.branch,
      orderId: null,
      deviceId: data.deviceId,
      documents: this.render(testDocument(data.deviceId, new Date(), this.config.TIME_ZONE)),
    };
  }

  private render(document: string): PrintResult['documents'] {
    return {
      star: renderDocument(document, 'star').toString('base64'),
      escpos: renderDocument(document, 'escpos').toString('base64'),
      text: renderDocument(document, 'text').toString('base64'),
    };
  }
}
