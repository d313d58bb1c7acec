import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import request from 'supertest';
import { waitFor } from '@shop/testing';
import { startMailCatcher } from '../../scripts/lib/dev-mail.mjs';
import { loadGatewayConfig } from '../../gateway/src/config/gateway-config.js';
import type { CaughtMail } from '../../gateway/src/dev-mail/dev-mail.controller.js';
import { loadWorkersConfig } from '../../services/workers/src/config/workers-config.js';
import { WorkersModule } from '../../services/workers/src/workers.module.js';
import {
  ADMIN,
  login,
  startStack,
  takeawayOrder,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
/** issue 14: `npm start` without SMTP_URL catches every e-mail locally and shows it at /dev/mail */
describe('mail catcher of npm start (/dev/mail)', () => {
  let dir: string;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let stack: Stack;
  let workers: INestApplicationContext;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shop-dev-mail-'));
    catcher = await startMailCatcher({ dir, keep: 3 });
    stack = await startStack('dev-mail', { DEV_MAIL_DIR: dir });
    await stack.seed();
    // the workers as npm start runs them: SMTP_URL is the catcher's
    workers = await NestFactory.createApplicationContext(
      WorkersModule.forRoot(loadWorkersConfig({ ...stack.env, SMTP_URL: catcher.url })),
      { logger: false },
    );
    await workers.init();
    // a whole stack with its seed and the workers: more than Jest's 30 s on a busy machine
  }, STACK_START_MS);
  afterAll(async () => {
    await workers.close();
    await stack?.close();
    await catcher.close();
    rmSync(dir, { recursive: true, force: true });
  }, STACK_CLOSE_MS);

  const inbox = async () =>
    (await request(stack.baseUrl).get('/dev/mail/messages').expect(200)).body.data as CaughtMail[];

  it("shows an order's e-mails: the list page, JSON, one mail with its text and the .eml", async () => {
    const admin = await login(stack, ADMIN);
    const b = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    await admin.put(`/api/branches/${b.id}`, { ...b, openingHours: ALL_DAY }).expect(200);
    const products = (await admin.get('/api/products?perPage=500').expect(200)).body.data as Array<{
      id: number;
      name: string;
    }>;
    const strudel = products.find((p) => p.name === 'Apfelstrudel')!.id;
    const order = async () => request(stack.baseUrl).post('/api/orders').send(takeawayOrder(b.id, strudel));
    // the order service follows the changed hours through their event
    const placed = await waitFor(async () => {
      const res = await order();
      return res.status === 201 ? res.body.data : null;
    }, 10_000);

    const mails = await waitFor(async () => {
      const list = await inbox();
      return list.length >= 2 ? list : null;
    }, 15_000);
    const customer = mails.find((m) => m.to.includes('anna.berger@example.at'))!;
    expect(customer.subject).toBe(`Ihre Bestellung (Ticket ${placed.ticketNumber}) bei Donaugenuss Innere Stadt`);
    expect(customer.text).toContain(`/status/${placed.uid}/${placed.hash}`);
    expect(mails.map((m) => m.to).flat()).toContain(b.email);

    const page = await request(stack.baseUrl).get('/dev/mail').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Abgefangene E-Mails');
    expect(page.text).toContain(`Ihre Bestellung (Ticket ${placed.ticketNumber})`);
    expect(page.text).toContain(`href="/dev/mail/${customer.id}"`);

    const one = await request(stack.baseUrl).get(`/dev/mail/${customer.id}`).expect(200);
    expect(one.text).toContain('anna.berger@example.at');
    expect(one.text).toContain('vielen Dank für Ihre Bestellung bei');
    const eml = await request(stack.baseUrl).get(`/dev/mail/${customer.id}/eml`).expect(200);
    expect(eml.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(eml.headers['content-disposition']).toBe(`attachment; filename="${customer.id}.eml"`);
    // ids are the catcher's file names, nothing else: no way out of the folder
    await request(stack.baseUrl).get('/dev/mail/..%2F..%2Fetc%2Fpasswd').expect(404);
    await request(stack.baseUrl).get('/dev/mail/1700000000000-000001').expect(404);
  });

  it('keeps the newest mails only (here 3), escapes what a mail says, sandboxes its HTML, takes any sender without login', async () => {
    const transport = createTransport(catcher.url);
    for (const n of [1, 2, 3, 4])
      await transport.sendMail({
        from: 'test@example.at',
        to: 'kunde@example.at',
        subject: `<b>Mail ${n}</b>`,
        text: `Inhalt ${n}`,
        html: `<p>Inhalt ${n}</p><script>alert(1)</script>`,
      });
    transport.close();
    expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(3);
    const list = await inbox();
    expect(list.map((m) => m.subject)).toEqual(['<b>Mail 4</b>', '<b>Mail 3</b>', '<b>Mail 2</b>']);
    const page = (await request(stack.baseUrl).get('/dev/mail').expect(200)).text;
    expect(page).toContain('&lt;b&gt;Mail 4&lt;/b&gt;');
    expect(page).not.toContain('<b>Mail 4</b>');
    // the mail's own HTML in a sandbox that runs no script and loads nothing but pictures
    const html = await request(stack.baseUrl).get(`/dev/mail/${list[0]!.id}/html`).expect(200);
    expect(html.text).toContain('<p>Inhalt 4</p>');
    expect(html.headers['content-security-policy']).toBe(
      "sandbox; default-src 'none'; img-src 'self' data: https:; style-src 'unsafe-inline'",
    );
    expect((await request(stack.baseUrl).get(`/dev/mail/${list[0]!.id}`).expect(200)).text).toContain(
      `href="/dev/mail/${list[0]!.id}/html"`,
    );
  });

  it('keeps catching after a sender vanished mid-session (a restarted worker resets its pooled connection)', async () => {
    const socket = connect(Number(new URL(catcher.url).port), '127.0.0.1');
    let said = '';
    socket.on('data', (c: Buffer) => (said += c.toString()));
    const answered = (pattern: RegExp) => waitFor(() => pattern.test(said), 10_000);
    await answered(/^220 /m);
    socket.write('EHLO worker.example\r\n');
    await answered(/^250 /m);
    // inside a transaction: smtp-server passes a reset before MAIL FROM over quietly, not one after it
    said = '';
    socket.write('MAIL FROM:<bestellungen@example.at>\r\n');
    await answered(/^250 /m);
    socket.resetAndDestroy(); // RST: the catcher's side of the connection fails with ECONNRESET
    await once(socket, 'close');
    const transport = createTransport(catcher.url);
    await transport.sendMail({ from: 'test@example.at', to: 'kunde@example.at', subject: 'Danach', text: 'Danach' });
    transport.close();
    expect((await inbox())[0]!.subject).toBe('Danach');
  });

  it('is development only: the gateway refuses DEV_MAIL_DIR in production', () => {
    const secret = () => randomBytes(32).toString('base64');
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: secret(),
      SERVICE_SECRET: secret(),
      ALTCHA_HMAC_KEY: secret(),
    };
    expect(() => loadGatewayConfig(production)).not.toThrow();
    expect(() => loadGatewayConfig({ ...production, DEV_MAIL_DIR: dir })).toThrow(/DEV_MAIL_DIR/);
  });
});
