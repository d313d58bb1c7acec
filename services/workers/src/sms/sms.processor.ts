import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES, type JobOf } from '@shop/contracts';
import { CONFIG, LOGGER } from '@shop/server';
import type { Job, Worker } from 'bullmq';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Logger } from 'pino';
import { QueueWorkers } from '../common/queue-worker.js';
import { SentMarkers } from '../common/sent-markers.js';
import type { WorkersConfig } from '../config/workers-config.js';
import { renderNewOrderSms } from './new-order-sms.js';

/**
 * The SMS queue: the new-order SMS to the customer's phone through a configurable HTTP provider, once per job
 * (SentMarkers); the job id goes along as `reference`, which providers use to drop a repeated submission.
 * A non-2xx answer fails the job, and BullMQ retries it with backoff. Only numbers of SMS_COUNTRIES get one.
 */
@Injectable()
export class SmsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | null = null;

  constructor(
    private readonly queues: QueueWorkers,
    private readonly markers: SentMarkers,
    @Inject(CONFIG) private readonly config: WorkersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = this.queues.start(QUEUES.sms, 4, { 'sms-new-order': (data, job) => this.process(data, job) });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  async process(data: JobOf<'sms-new-order'>, job: Pick<Job, 'id'>): Promise<{ sent: boolean }> {
    const { order, branch, shop } = data.snapshot;
    const to = order.customer.phone;
    if (!to) return { sent: false };
    // the country of the number (libphonenumber-js: calling codes and numbering plans, maintained upstream)
    const country = parsePhoneNumberFromString(to)?.country;
    if (!country || !this.config.SMS_COUNTRIES.includes(country)) {
      this.logger.warn({ jobId: job.id, orderId: order.id, country }, 'new-order SMS not sent: country not allowed');
      return { sent: false };
    }
    const text = renderNewOrderSms(order, branch, shop, this.config.PUBLIC_BASE_URL);
    const sent = await this.markers.once(String(job.id), 'customer', async () => {
      const res = await fetch(this.config.SMS_PROVIDER_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.config.SMS_PROVIDER_TOKEN ? { authorization: `Bearer ${this.config.SMS_PROVIDER_TOKEN}` } : {}),
        },
        body: JSON.stringify({ from: this.config.SMS_SENDER, to, text, reference: String(job.id) }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    });
    this.logger.info({ jobId: job.id, orderId: order.id, sent }, 'new-order SMS');
    return { sent };
  }
}
