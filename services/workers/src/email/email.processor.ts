import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES, type JobOf } from '@shop/contracts';
import { CONFIG, LOGGER } from '@shop/server';
import type { Job, Worker } from 'bullmq';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { QueueWorkers } from '../common/queue-worker.js';
import { SentMarkers } from '../common/sent-markers.js';
import type { WorkersConfig } from '../config/workers-config.js';
import { composeMail, type OutgoingMail } from './mail-message.js';
import { renderNewOrderEmail, type Audience } from './new-order-email.js';
import { renderOrderStatusEmail } from './order-status-email.js';

/**
 * The e-mail queue: the new-order e-mail to the customer and to the branch (on creation and on resend), the
 * customer's status e-mails (issue 42: one job per order, kind and state change), and the e-mails of the forms'
 * sendMail actions.
 * Each recipient's mail is sent once per job (SentMarkers). The Message-ID is derived from the job id too,
 * so in the rare crash between sending and marking, the repeat carries the same Message-ID and mail systems
 * can drop it as a duplicate.
 */
@Injectable()
export class EmailProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | null = null;
  private readonly transport: Transporter;

  constructor(
    private readonly queues: QueueWorkers,
    private readonly markers: SentMarkers,
    @Inject(CONFIG) private readonly config: WorkersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    // one pool of SMTP connections, as many as mails sent at once, each reused for many mails: a connection per
    // mail paid a TCP and SMTP handshake for each and held bench:order-full's new-order mails to ~17 jobs/s
    this.transport = createTransport({
      url: config.SMTP_URL,
      pool: true,
      maxConnections: config.EMAIL_CONCURRENCY,
      maxMessages: 1000,
    });
  }

  onApplicationBootstrap(): void {
    this.worker = this.queues.start(QUEUES.email, this.config.EMAIL_CONCURRENCY, {
      'email-new-order': (data, job) => this.process(data, job),
      'email-order-status': (data, job) => this.processStatusMail(data, job),
      'email-form-submission': (data, job) => this.processFormMail(data, job),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.transport.close();
  }

  /** A mail composed in one pass (composeMail) and sent as it is, through the pool. */
  private async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail(composeMail(mail));
  }

  /**
   * A form's sendMail action (rendered by the content service: placeholders filled, values HTML-escaped): sent once
   * per job, whatever BullMQ repeats.
   */
  async processFormMail(data: JobOf<'email-form-submission'>, job: Pick<Job, 'id'>): Promise<{ sent: boolean }> {
    const sent = await this.markers.once(String(job.id), 'recipient', async () => {
      await this.send({
        from: this.config.MAIL_FROM,
        to: data.to,
        cc: data.cc ?? undefined,
        subject: data.subject,
        text: data.text,
        html: data.html,
        messageId: `<${job.id}@${new URL(this.config.PUBLIC_BASE_URL).hostname}>`,
      });
    });
    this.logger.info({ jobId: job.id, submissionId: data.submissionId, sent }, 'form e-mail sent');
    return { sent };
  }

  /**
   * A status e-mail to the customer (HTML with its plain-text part): sent once per job, whatever BullMQ or the
   * re-dispatcher repeats; the job id names the order, the kind and the state change (`email-17-status-confirmed`).
   */
  async processStatusMail(data: JobOf<'email-order-status'>, job: Pick<Job, 'id'>): Promise<{ sent: boolean }> {
    const mail = renderOrderStatusEmail(data, this.config.PUBLIC_BASE_URL);
    const sent = await this.markers.once(String(job.id), 'customer', async () => {
      await this.send({
        from: this.config.MAIL_FROM,
        to: data.customer.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${job.id}.customer@${new URL(this.config.PUBLIC_BASE_URL).hostname}>`,
      });
    });
    this.logger.info({ jobId: job.id, orderId: data.orderId, kind: data.kind, sent }, 'status e-mail sent');
    return { sent };
  }

  /**
   * The new-order e-mail (HTML with its plain-text part) to the customer and, on creation, to the branch: each sent
   * once per job and recipient.
   */
  async process(data: JobOf<'email-new-order'>, job: Pick<Job, 'id'>): Promise<{ sent: Audience[] }> {
    const { order, branch, shop, stepNames } = data.snapshot;
    // on creation both get it; a resend (the back office's 'Bestätigung … versenden') goes to the customer only
    const recipients: Array<[Audience, string | null]> =
      data.reason === 'created'
        ? [
            ['customer', order.customer.email],
            ['branch', branch.email],
          ]
        : [['customer', order.customer.email]];
    const sent: Audience[] = [];
    for (const [audience, to] of recipients) {
      if (!to) continue;
      const mail = renderNewOrderEmail(audience, order, branch, shop, this.config.PUBLIC_BASE_URL, stepNames);
      const didSend = await this.markers.once(String(job.id), audience, async () => {
        await this.send({
          from: this.config.MAIL_FROM,
          to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${job.id}.${audience}@${new URL(this.config.PUBLIC_BASE_URL).hostname}>`,
        });
      });
      if (didSend) sent.push(audience);
    }
    this.logger.info({ jobId: job.id, orderId: order.id, sent }, 'new-order e-mail sent');
    return { sent };
  }
}
