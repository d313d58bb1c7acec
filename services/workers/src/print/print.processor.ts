import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES, type EnqueuePrintRequest, type OrderJobPayload } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { CONFIG, LOGGER, ServiceBus } from '@shop/server';
import type { Job, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { OrderMessageContextLoader } from '../common/order-context.js';
import { orderNumber } from '../common/order-texts.js';
import { QueueWorkers } from '../common/queue-worker.js';
import type { WorkersConfig } from '../config/workers-config.js';
import { receiptDocument, renderDocument, testDocument } from './receipt.js';

/**
 * The print queue: renders the order's receipt (or a device's test page) in every command set and hands it to
 * the order service, which puts it into the queue of each printer of the branch; the printers pull it from
 * there. The BullMQ job id is the queue entry's key, so a retried or redelivered job queues nothing twice.
 */
@Injectable()
export class PrintProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | null = null;

  constructor(
    private readonly context: OrderMessageContextLoader,
    private readonly queues: QueueWorkers,
    private readonly bus: ServiceBus,
    @Inject(CONFIG) private readonly config: WorkersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = this.queues.start(QUEUES.print, this.config.PRINT_CONCURRENCY, (job: Job<OrderJobPayload>) => this.process(job));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  async process(job: Job<OrderJobPayload>): Promise<{ queued: number[] }> {
    const { orderId, branch, deviceId, reason } = job.data;
    let document: string;
    let notification: string | undefined;
    if (deviceId && !orderId) {
      document = testDocument(deviceId, new Date(), this.config.TIME_ZONE);
    } else {
      const ctx = await this.context.load(orderId);
      document = receiptDocument(ctx, this.config.PUBLIC_BASE_URL);
      const number = orderNumber(ctx.order, ctx.shop);
      if (reason === 'created') notification = t('orderMessages.notifyCreated', { number });
      else if (reason === 'confirmed') notification = t('orderMessages.notifyConfirmed', { number });
    }
    const request: EnqueuePrintRequest = {
      branch, orderId: orderId || null, jobKey: String(job.id), deviceId,
      documents: {
        star: renderDocument(document, 'star').toString('base64'),
        escpos: renderDocument(document, 'escpos').toString('base64'),
        text: renderDocument(document, 'text').toString('base64'),
      },
      notification,
    };
    const result = await this.bus.request('order.device.enqueue-print', request);
    this.logger.info({ jobId: job.id, orderId, queued: result.queued.length }, 'receipt queued for the printers');
    return result;
  }
}
