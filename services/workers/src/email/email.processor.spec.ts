import type { JobOf, OrderStatusMailJob } from '@shop/contracts';
import { cleanupPrefixes, rawHeader, REDIS_URL, startMailCatcher, uniquePrefixes } from '@shop/testing';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { QueueWorkers } from '../common/queue-worker.js';
import { SentMarkers } from '../common/sent-markers.js';
import type { WorkersConfig } from '../config/workers-config.js';
import { MESSAGE_BRANCH, MESSAGE_SHOP, staffOrder, statusMailJob } from '../../test/mail-fixtures.js';
import { EmailProcessor } from './email.processor.js';

const statusJob = (kind: OrderStatusMailJob['kind'], reason = `status-${kind}`): OrderStatusMailJob =>
  statusMailJob({
    kind,
    reason,
    order: { counterAppointment: kind === 'counter-proposal' ? '2026-12-24T17:30:00.000Z' : null },
  });

const newOrderJob = (reason: string): JobOf<'email-new-order'> => ({
  orderId: 18,
  branch: 3,
  reason,
  snapshot: {
    order: staffOrder({
      id: 18,
      uid: 'u-2',
      hash: 'h-2',
      ticketNumber: 43,
      pricing: { totalGross: 3 },
      items: [{ position: 0, product: 6, name: 'Kaffee', amount: 2, unit: 'piece', gross: 3, taxRate: 10, parts: {} }],
    }),
    branch: MESSAGE_BRANCH,
    shop: MESSAGE_SHOP,
  },
});

/** The status and new-order e-mails through real SMTP (a local catcher) and the real Redis sent markers. */
describe('EmailProcessor: status and new-order e-mails', () => {
  const prefixes = uniquePrefixes('statusmail');
  const redis = new Redis(REDIS_URL);
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let processor: EmailProcessor;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    const config = {
      REDIS_PREFIX: prefixes.redis,
      SMTP_URL: smtp.url,
      EMAIL_CONCURRENCY: 1,
      MAIL_FROM: 'Bestellungen <bestellungen@example.at>',
      PUBLIC_BASE_URL: 'https://shop.example.at',
    } as WorkersConfig;
    const logger = { info: () => undefined } as unknown as Logger;
    processor = new EmailProcessor({} as QueueWorkers, new SentMarkers(redis, config), config, logger);
  });
  afterAll(async () => {
    await processor.onApplicationShutdown();
    await smtp.close();
    await cleanupPrefixes(prefixes);
    redis.disconnect();
  });

  it('sends one mail per job with its HTML and plain-text parts, and none when the job is delivered again', async () => {
    expect(await processor.processStatusMail(statusJob('confirmed'), { id: 'email-17-status-confirmed' })).toEqual({
      sent: true,
    });
    // BullMQ's second delivery, or the re-dispatcher's new round after a lost Redis job
    expect(await processor.processStatusMail(statusJob('confirmed'), { id: 'email-17-status-confirmed' })).toEqual({
      sent: false,
    });
    expect(smtp.inbox).toHaveLength(1);
    const [mail] = smtp.inbox;
    expect(mail!.to).toEqual(['anna.berger@example.at']);
    expect(mail!.subject).toBe('Ihre Bestellung (Ticket 42) bei Donaugenuss Innere Stadt ist bestätigt');
    expect(rawHeader(mail!.raw, 'Message-ID')).toBe('<email-17-status-confirmed.customer@shop.example.at>');
    expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail!.body).toContain('https://shop.example.at/status/u-1/h-1');
  });

  it('sends each state change its own mail: another kind, another counter-proposal', async () => {
    const before = smtp.inbox.length;
    await processor.processStatusMail(statusJob('counter-proposal', 'counter-1'), { id: 'email-17-counter-1' });
    await processor.processStatusMail(statusJob('counter-proposal', 'counter-2'), { id: 'email-17-counter-2' });
    await processor.processStatusMail(statusJob('canceled'), { id: 'email-17-status-canceled' });
    await processor.processStatusMail(statusJob('canceled'), { id: 'email-17-status-canceled' });
    expect(smtp.inbox.slice(before).map((m) => m.subject)).toEqual([
      'Neuer Termin für Ihre Bestellung (Ticket 42) bei Donaugenuss Innere Stadt',
      'Neuer Termin für Ihre Bestellung (Ticket 42) bei Donaugenuss Innere Stadt',
      'Ihre Bestellung (Ticket 42) bei Donaugenuss Innere Stadt wurde storniert',
    ]);
  });

  it('sends the new-order mail to the customer and the branch with HTML and plain-text parts, each once', async () => {
    const before = smtp.inbox.length;
    expect(await processor.process(newOrderJob('created'), { id: 'email-18-created' })).toEqual({
      sent: ['customer', 'branch'],
    });
    expect(await processor.process(newOrderJob('created'), { id: 'email-18-created' })).toEqual({ sent: [] });
    // a resend goes to the customer only
    expect(await processor.process(newOrderJob('resend-1'), { id: 'email-18-resend-1' })).toEqual({
      sent: ['customer'],
    });
    const mails = smtp.inbox.slice(before);
    expect(mails.map((m) => [m.to, rawHeader(m.raw, 'Message-ID'), m.subject])).toEqual([
      [
        ['anna.berger@example.at'],
        '<email-18-created.customer@shop.example.at>',
        'Ihre Bestellung (Ticket 43) bei Donaugenuss Innere Stadt',
      ],
      [
        ['innere-stadt@example.at'],
        '<email-18-created.branch@shop.example.at>',
        'Neue Bestellung (Ticket 43) – Abholung',
      ],
      [
        ['anna.berger@example.at'],
        '<email-18-resend-1.customer@shop.example.at>',
        'Ihre Bestellung (Ticket 43) bei Donaugenuss Innere Stadt',
      ],
    ]);
    for (const mail of mails) {
      expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
      expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
      expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    }
    expect(mails[0]!.raw.replace(/=\r?\n/g, '')).toContain('https://shop.example.at/status/u-2/h-2');
    expect(mails[1]!.raw.replace(/=\r?\n/g, '')).not.toContain('/status/u-2/h-2');
  });
});
