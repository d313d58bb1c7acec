import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { rawHeader, type ReceivedMail, startMailCatcher, waitFor } from '@shop/testing';
import { loadWorkersConfig } from '../../services/workers/src/config/workers-config.js';
import { ORDER_QUEUES, type OrderQueues } from '../../services/order/src/jobs/order-jobs.js';
import { EmailProcessor } from '../../services/workers/src/email/email.processor.js';
import { WorkersModule } from '../../services/workers/src/workers.module.js';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];

/** issue 5: the new-order e-mail (real SMTP) and SMS (an HTTP provider) from the workers */
describe('e-mail and SMS workers', () => {
  let stack: Stack;
  let admin: StaffClient;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let workers: INestApplicationContext;
  let inbox: ReceivedMail[];
  // a fake SMS provider that refuses the first submission (the job must be retried, and sent once)
  let smsProvider: Server;
  const sms: Array<{ to: string; text: string; reference: string; auth?: string }> = [];
  let smsCalls = 0;
  let branch: { id: number; email: string };
  let product: number;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    inbox = smtp.inbox;
    smsProvider = createServer((req, res) => {
      let body = '';
      req
        .on('data', (c: Buffer) => (body += c))
        .on('end', () => {
          smsCalls += 1;
          if (smsCalls === 1) return void res.writeHead(500).end();
          sms.push({ ...JSON.parse(body), auth: req.headers.authorization });
          res.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"queued"}');
        });
    });
    await new Promise<void>((resolve) => smsProvider.listen(0, '127.0.0.1', resolve));
    const smsPort = (smsProvider.address() as { port: number }).port;
    stack = await startStack('email');
    await stack.seed();
    workers = await NestFactory.createApplicationContext(
      WorkersModule.forRoot(
        loadWorkersConfig({
          ...stack.env,
          SMTP_URL: smtp.url,
          PUBLIC_BASE_URL: 'https://shop.example.at',
          SMS_PROVIDER_URL: `http://127.0.0.1:${smsPort}/messages`,
          SMS_PROVIDER_TOKEN: 'sms-secret',
        }),
      ),
      { logger: false },
    );
    await workers.init();
    admin = await login(stack, ADMIN);
    const b = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    branch = (await admin.put(`/api/branches/${b.id}`, { ...b, openingHours: ALL_DAY }).expect(200)).body.data;
    const products = (await admin.get('/api/products?perPage=500').expect(200)).body.data as Array<{
      id: number;
      name: string;
    }>;
    product = products.find((p) => p.name === 'Apfelstrudel')!.id;
  }, STACK_START_MS);
  afterAll(async () => {
    await workers.close();
    await stack?.close();
    await smtp.close();
    await new Promise<void>((resolve) => smsProvider.close(() => resolve()));
  }, STACK_CLOSE_MS);

  it('sends the new-order e-mail to the customer (with the status link) and to the branch', async () => {
    const res = await request(stack.baseUrl)
      .post('/api/orders')
      .send({
        branch: branch.id,
        items: [{ product, amount: 2 }],
        firstName: 'Anna',
        lastName: 'Berger',
        email: 'anna.berger@example.at',
        phone: '+43 660 1234567',
        legalInstructions: true,
        privacyPolicy: true,
        paymentMethod: 'cash',
        comment: 'Bitte mit Besteck',
      })
      .expect(201);
    const o = res.body.data;
    const mails = await waitFor(() => (inbox.length >= 2 ? inbox.slice(0, 2) : null), 10_000);
    const customer = mails.find((m) => m.to.includes('anna.berger@example.at'))!;
    const shop = mails.find((m) => m.to.includes(branch.email))!;
    expect(customer.subject).toBe(`Ihre Bestellung (Ticket ${o.ticketNumber}) bei Donaugenuss Innere Stadt`);
    expect(shop.subject).toBe(`Neue Bestellung (Ticket ${o.ticketNumber}) – Abholung`);
    expect(customer.body).toContain(`https://shop.example.at/status/${o.uid}/${o.hash}`);
    expect(customer.body).toContain('vielen Dank für Ihre Bestellung bei');
    expect(customer.body).toContain('Gesamt  EUR 11,00');
    // HTML with its plain-text part, both from the one layout
    for (const mail of [customer, shop]) {
      expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
      expect(mail.raw).toMatch(/Content-Type: text\/html/i);
      expect(mail.body).toContain('Donaugenuss</h1>');
    }
    expect(shop.body).toContain('Anmerkung: Bitte mit Besteck');
    expect(shop.body).toContain('Zahlung: Bar');
    expect(shop.body).toContain(`Ticket ${o.ticketNumber}`);
    expect(rawHeader(customer.raw, 'Message-ID')).toBe(`<email-${o.id}-created.customer@shop.example.at>`);
    expect(rawHeader(shop.raw, 'Message-ID')).toBe(`<email-${o.id}-created.branch@shop.example.at>`);

    // resend from the back office: the customer gets it once more
    await admin.post(`/api/orders/${o.id}/resend-new-order-email`).expect(202);
    const again = await waitFor(() => (inbox.length >= 3 ? inbox[2] : null), 10_000);
    expect(again.to).toEqual(['anna.berger@example.at']);
    expect(rawHeader(again.raw, 'Message-ID')).toBe(`<email-${o.id}-resend-1.customer@shop.example.at>`);

    // a job delivered twice (BullMQ is at-least-once) sends nothing the second time
    const before = inbox.length;
    const processor = workers.get(EmailProcessor);
    const job = await stack.order.get<OrderQueues>(ORDER_QUEUES).email.getJob(`email-${o.id}-created`);
    const replay = await processor.process(job!.data, job!);
    expect(replay.sent).toEqual([]);
    expect(inbox.length).toBe(before);
  });

  it('sends the new-order SMS when the SMS plugin is on, once, even after the provider failed', async () => {
    const config = (await admin.get('/api/config').expect(200)).body.data;
    await admin.post('/api/config', { ...config, enablePluginSMS: true }).expect(200);
    // the order service's catalogue read model follows the config event (published at once after the commit;
    // the relay's 1-second poll is the upper bound)
    await new Promise((r) => setTimeout(r, 1200));
    const o = (
      await request(stack.baseUrl)
        .post('/api/orders')
        .send({
          branch: branch.id,
          items: [{ product, amount: 1 }],
          firstName: 'Max',
          lastName: 'Gruber',
          email: 'max@example.at',
          phone: '0043 664 1112233',
          legalInstructions: true,
          privacyPolicy: true,
          paymentMethod: 'cash',
        })
        .expect(201)
    ).body.data;
    const message = await waitFor(() => sms.find((m) => m.reference === `sms-${o.id}-created`), 15_000);
    expect(message).toMatchObject({ to: '+436641112233', auth: 'Bearer sms-secret' });
    expect(message.text).toBe(
      `${'Donaugenuss Innere Stadt'}: Ihre Bestellung (Ticket ${o.ticketNumber}) ist eingegangen. Status: https://shop.example.at/status/${o.uid}/${o.hash}`,
    );
    expect(smsCalls).toBe(2);
    expect(sms.filter((m) => m.reference === `sms-${o.id}-created`)).toHaveLength(1);
  });

  it('sends no SMS to a number outside the allowed countries (AT, DE, CH, LI)', async () => {
    // the SMS plugin is on since the test before
    const place = async (phone: string) =>
      (
        await request(stack.baseUrl)
          .post('/api/orders')
          .send({
            branch: branch.id,
            items: [{ product, amount: 1 }],
            firstName: 'Max',
            lastName: 'Gruber',
            email: 'max@example.at',
            phone,
            legalInstructions: true,
            privacyPolicy: true,
            paymentMethod: 'cash',
          })
          .expect(201)
      ).body.data as { id: number };
    const queue = stack.order.get<OrderQueues>(ORDER_QUEUES).sms;
    const abroad = await place('+1 900 555 0100');
    const liechtenstein = await place('+423 791 23 45');
    await waitFor(() => sms.find((m) => m.reference === `sms-${liechtenstein.id}-created`), 15_000);
    await waitFor(async () => (await (await queue.getJob(`sms-${abroad.id}-created`))?.getState()) === 'completed');
    expect((await queue.getJob(`sms-${abroad.id}-created`))!.returnvalue).toEqual({ sent: false });
    expect(sms.filter((m) => m.reference === `sms-${abroad.id}-created`)).toEqual([]);
  });

  it('breaks links and leaves out markup of customer texts in every e-mail part and the SMS (issue 37, item 8)', async () => {
    // the SMS plugin is on since the SMS test
    const evil = 'Muster https://evil.example/login <a href=x>klick</a>';
    const o = (
      await request(stack.baseUrl)
        .post('/api/orders')
        .send({
          branch: branch.id,
          items: [{ product, amount: 1 }],
          firstName: 'Max\r\nBcc: opfer@example.at',
          lastName: evil,
          email: 'max.muster@example.at',
          phone: '+43 664 9998877',
          legalInstructions: true,
          privacyPolicy: true,
          paymentMethod: 'cash',
          comment: 'Bitte <b>klingeln</b>:\nwww.evil.example/gutschein',
        })
        .expect(201)
    ).body.data;
    const mails = await waitFor(() => {
      const found = inbox.filter((m) => rawHeader(m.raw, 'Message-ID').startsWith(`<email-${o.id}-created.`));
      return found.length >= 2 ? found : null;
    }, 10_000);
    const message = await waitFor(() => sms.find((m) => m.reference === `sms-${o.id}-created`), 15_000);
    for (const shown of [...mails.flatMap((m) => [m.raw, m.body, m.subject]), message.text]) {
      expect(shown).not.toMatch(/evil\.example|https?:\/\/evil|href=x|<b>|&lt;b&gt;/i);
    }
    // the HTML part's only link is the shop's own status link, in the customer's copy
    const links = (to: string) => [
      ...mails.find((m) => m.to.includes(to))!.body.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g),
    ];
    expect(links('max.muster@example.at').map((l) => l[1])).toEqual([
      `https://shop.example.at/status/${o.uid}/${o.hash}`,
    ]);
    expect(links(branch.email)).toEqual([]);
    // as typed, on one line, with the links visibly broken and the markup left out
    const text = (to: string) => mails.find((m) => m.to.includes(to))!.body.replace(/\r\n/g, '\n');
    expect(text('max.muster@example.at')).toContain(
      'Guten Tag Max Bcc: opfer@example[.]at Muster https[:]//evil[.]example/login klick,',
    );
    const shop = text(branch.email);
    expect(shop).toContain('Anmerkung: Bitte klingeln:\nwww[.]evil[.]example/gutschein');
    expect(shop).toContain('max.muster@example.at');
  });
});
