import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { crudSubject, QUEUES, type Actor, type Branch, type OrderJobPayload } from '@shop/contracts';
import { CONFIG, LOGGER, ServiceBus } from '@shop/server';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { WorkersConfig } from '../config/workers-config.js';
import { renderNewOrderEmail, type Audience } from './new-order-email.js';

/** The workers read orders and branches with staff rights. */
const WORKER: Actor = { id: 0, username: 'workers', roles: ['ROLE_ADMIN'], branches: [] };

/**
 * The e-mail queue: the new-order e-mail to the customer and to the branch (on creation and on resend).
 * BullMQ delivers a job at least once; each recipient's mail is marked sent in Redis under the job id, so a
 * retry after a partial failure sends only what is missing. The Message-ID is derived from the job id too,
 * so in the rare crash between sending and marking, the repeat carries the same Message-ID and mail systems
 * can drop it as a duplicate.
 */
@Injectable()
export class EmailProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | null = null;
  private readonly transport: Transporter;

  constructor(
    private readonly bus: ServiceBus,
    private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: WorkersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.transport = createTransport(config.SMTP_URL);
  }

  onApplicationBootstrap(): void {
    this.worker = new Worker(QUEUES.email, (job: Job<OrderJobPayload>) => this.process(job), {
      connection: { url: this.config.REDIS_URL, maxRetriesPerRequest: null },
      prefix: `${this.config.REDIS_PREFIX}${this.config.BULLMQ_PREFIX}`,
      concurrency: this.config.EMAIL_CONCURRENCY,
    });
    this.worker.on('failed', (job, err) => this.logger.warn({ jobId: job?.id, err }, 'e-mail job failed; BullMQ retries with backoff'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.transport.close();
  }

  async process(job: Job<OrderJobPayload>): Promise<{ sent: Audience[] }> {
    const order = await this.bus.request('order.order.get', { id: job.data.orderId }, WORKER);
    const branch = (await this.bus.send(crudSubject('branches', 'get'), { id: order.branch.id }, WORKER)) as Branch;
    const shop = await this.bus.request('catalogue.config.get', {}, WORKER);
    // on creation both get it; a resend (the back office's 'Bestätigung … versenden') goes to the customer only
    const recipients: Array<[Audience, string | null]> = job.data.reason === 'created'
      ? [['customer', order.customer.email], ['branch', branch.email]]
      : [['customer', order.customer.email]];
    const sent: Audience[] = [];
    for (const [audience, to] of recipients) {
      if (!to) continue;
      const marker = `${this.config.REDIS_PREFIX}sent:${job.id}:${audience}`;
      if (await this.redis.exists(marker)) continue;
      const mail = renderNewOrderEmail(audience, order, branch, shop, this.config.PUBLIC_BASE_URL);
      await this.transport.sendMail({
        from: this.config.MAIL_FROM, to, subject: mail.subject, text: mail.text,
        messageId: `<${job.id}.${audience}@${new URL(this.config.PUBLIC_BASE_URL).hostname}>`,
      });
      await this.redis.set(marker, '1', 'EX', 30 * 24 * 3600);
      sent.push(audience);
    }
    this.logger.info({ jobId: job.id, orderId: order.id, sent }, 'new-order e-mail sent');
    return { sent };
  }
}
