import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { PrivacyRequestRecord, PrivacySearchResult, PrivacySectionKind, StatisticsMetric } from '@shop/contracts';
import { waitFor } from '@shop/testing';
import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import pg from 'pg';
import request from 'supertest';
import { startMailCatcher } from '../../scripts/lib/dev-mail.mjs';
import type { CaughtMail } from '../../gateway/src/dev-mail/dev-mail.controller.js';
import { CatalogueContextCache } from '../../services/order/src/catalogue-context/catalogue-context.cache.js';
import { loadWorkersConfig } from '../../services/workers/src/config/workers-config.js';
import { WorkersModule } from '../../services/workers/src/workers.module.js';
import { SimulatedCloudPrnt } from '../support/printers.js';
import { formatHits, placesOf, scanForPersonalData, type ScanPlaces } from '../support/personal-data-scan.js';
import {
  ADMIN,
  EMPLOYEE,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
/** a 1×1 PNG */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
/** what a statistics page shows of orders: compared before and after the erasure */
const ORDER_METRICS: StatisticsMetric[] = [
  'orders',
  'revenue',
  'canceled-orders',
  'items',
  'popular-items',
  'order-origins',
  'revenue-origins',
];

/** A photo as a phone stores it: the owner's name and address in a PNG text chunk (the upload keeps the bytes). */
function photoOf(owner: string): Buffer {
  const png = Buffer.from(PNG, 'base64');
  const body = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`Author\0${owner}`, 'latin1')]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  // before IEND (its 12 bytes end the file)
  return Buffer.concat([png.subarray(0, png.length - 12), length, body, crc, png.subarray(png.length - 12)]);
}

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
/** a date in the shop's time zone, `days` from today */
const viennaDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(new Date(Date.now() + days * 86_400_000));
/** a 200 or 201; anything else fails with the answer's status and body */
const succeeded = (res: request.Response) => {
  if (res.status !== 200 && res.status !== 201) throw new Error(`answered ${res.status}: ${JSON.stringify(res.body)}`);
};
const asText = (res: request.Response, cb: (err: Error | null, body: string) => void) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (c: string) => (text += c));
  res.on('end', () => cb(null, text));
};

/**
 * Issue 44's done criterion: one customer places two orders (a typed text and a photo on the second), sends a form
 * with a file, gets the new-order mails and SMS; an administrator finds all of it by the phone number written another
 * way, exports it (JSON and CSV, each file once) and erases it. Afterwards no table of any schema, no Redis key, no
 * JetStream message, no file and no caught mail holds the customer's address, number or names, while the orders
 * keep their tickets, amounts and taxes and the statistics their figures.
 */
describe('a customer’s data: search, export and erasure (issue 44)', () => {
  const run = Array.from({ length: 6 }, () => 'bcdfghjkmnpqrstvwxz'[randomInt(19)]).join('');
  const subscriber = String(randomInt(1_000_000, 10_000_000));
  const customer = {
    firstName: `Annabell${run}`,
    lastName: `Musterfrau${run}`,
    email: `anna.${run}@example.at`,
    phone: `+43 664 ${subscriber}`,
  };
  /** the phone number as the customer tells it on the phone */
  const phoneTold = `0664/${subscriber.slice(0, 3)} ${subscriber.slice(3)}`;
  const needles = [customer.email, `664${subscriber}`, customer.firstName, customer.lastName];

  let stack: Stack;
  let admin: StaffClient;
  let employee: StaffClient;
  let db: pg.Client;
  let workers: INestApplicationContext;
  let mailDir: string;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let smsProvider: Server;
  let star: SimulatedCloudPrnt;
  const sms: Array<{ to: string; reference: string }> = [];
  let places: ScanPlaces;
  const branches: Record<string, { id: number }> = {};
  const products: Record<string, number> = {};

  const orders: Array<{ id: number; uid: string; hash: string; ticketNumber: number }> = [];
  const files: Array<{ id: number; publicHash: string; name: string }> = [];
  const message = `Bewerbung ${run}: bitte rufen Sie mich zurück.`;
  let figures: Record<string, unknown>;
  let staffViews: Array<Record<string, unknown>>;

  beforeAll(async () => {
    mailDir = mkdtempSync(join(tmpdir(), 'shop-privacy-mail-'));
    catcher = await startMailCatcher({ dir: mailDir, keep: 1000 });
    smsProvider = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        sms.push(JSON.parse(body));
        res.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"queued"}');
      });
    });
    await new Promise<void>((resolve) => smsProvider.listen(0, '127.0.0.1', resolve));
    stack = await startStack('privacy', { DEV_MAIL_DIR: mailDir });
    await stack.seed();
    workers = await NestFactory.createApplicationContext(
      WorkersModule.forRoot(
        loadWorkersConfig({
          ...stack.env,
          SMTP_URL: catcher.url,
          SMS_PROVIDER_URL: `http://127.0.0.1:${(smsProvider.address() as { port: number }).port}/messages`,
        }),
      ),
      { logger: false },
    );
    await workers.init();
    db = new pg.Client({ connectionString: stack.db.url });
    await db.connect();
    admin = await login(stack, ADMIN);
    employee = await login(stack, EMPLOYEE);
    for (const identifier of ['wien-innere-stadt', 'graz-lend']) {
      const b = (await admin.get(`/api/branches/${identifier}`).expect(200)).body.data;
      const open = { openingHours: ALL_DAY, deliveryHours: ALL_DAY, isAppointmentRequired: false };
      // Vienna prints a confirmed order's receipt
      if (identifier === 'wien-innere-stadt') Object.assign(open, { printOn: 'confirmed' });
      branches[identifier] = (await admin.put(`/api/branches/${b.id}`, { ...b, ...open }).expect(200)).body.data;
    }
    // the kitchen's printer and the counter's tablet in Vienna: what they were sent stays in their queues
    const device = (d: Record<string, unknown>) =>
      admin.post('/api/devices', { ...d, branch: branches['wien-innere-stadt']!.id }).expect(201);
    const printer = await device({ identifier: 'kueche', name: 'Küche', type: 'printer', protocol: 'cloudprnt' });
    await device({ identifier: 'tablet', name: 'Tablet Theke', type: 'notification', protocol: null });
    star = new SimulatedCloudPrnt(`${stack.baseUrl}/api/printers/cloudprnt`, 'kueche', printer.body.data.apiKey);
    for (const p of (await admin.get('/api/products?perPage=500').expect(200)).body.data) products[p.name] = p.id;
    // the SMS plugin on: each order with a phone number gets its new-order SMS too
    const config = (await admin.get('/api/config').expect(200)).body.data;
    await admin.post('/api/config', { ...config, enablePluginSMS: true }).expect(200);
    // each branch's cached context follows the change on its own: both orders' branches must have it
    const contexts = stack.order.get(CatalogueContextCache);
    for (const identifier of ['wien-innere-stadt', 'graz-lend'])
      await waitFor(async () => (await contexts.get(branches[identifier]!.id))?.config.enablePluginSMS, 30_000);
    places = {
      database: { url: stack.db.url },
      redis: { url: stack.env.REDIS_URL!, prefix: stack.prefixes.redis },
      nats: { url: stack.env.NATS_URL!, prefix: stack.prefixes.nats },
      filesDir: stack.filesDir,
      mailDir,
    };
  }, STACK_START_MS);
  afterAll(async () => {
    await workers?.close();
    await db?.end();
    await stack?.close();
    await catcher?.close();
    await new Promise<void>((resolve) => (smsProvider ? smsProvider.close(() => resolve()) : resolve()));
    rmSync(mailDir, { recursive: true, force: true });
  }, STACK_CLOSE_MS);

  const upload = async (type: string, bytes: Buffer, name: string) => {
    const u = (
      await request(stack.baseUrl)
        .post('/api/uploads')
        .send({ data: dataUrl(type, bytes), filename: name })
        .expect(201)
    ).body.data;
    files.push({ id: u.id, publicHash: u.publicHash, name });
    return u;
  };
  const placeOrder = async (body: Record<string, unknown>) => {
    const send = () =>
      request(stack.baseUrl)
        .post('/api/orders')
        .set('Idempotency-Key', randomUUID())
        .send({ ...customer, legalInstructions: true, privacyPolicy: true, paymentMethod: 'cash', ...body });
    // the order service follows the branches' new hours through their events
    let last: request.Response | undefined;
    const o = await waitFor(async () => {
      last = await send();
      return last.status === 201 ? last.body.data : null;
    }, 30_000).catch((err: Error) => {
      throw new Error(`${err.message}: ${last?.status} ${JSON.stringify(last?.body)}`);
    });
    orders.push(o);
    return o;
  };
  /** the outbox's job rows of a service and whether the workers reported each done */
  const jobs = async (schema: 'order' | 'content') =>
    (
      await db.query<{ id: string; done: boolean }>(
        `SELECT o.payload->>'jobId' AS id, c."jobId" IS NOT NULL AS done
           FROM "${schema}".outbox o LEFT JOIN "${schema}".job_completion c ON c."jobId" = o.payload->>'jobId'
          WHERE o.subject LIKE 'job.%'`,
      )
    ).rows;
  const caughtMails = async () =>
    (await request(stack.baseUrl).get('/dev/mail/messages').expect(200)).body.data as CaughtMail[];
  const metrics = async () => {
    const q = `from=${viennaDay(-1)}&to=${viennaDay(1)}`;
    const out: Record<string, unknown> = {};
    for (const m of ORDER_METRICS) out[m] = (await admin.get(`/api/statistics/${m}?${q}`).expect(200)).body.data;
    return out;
  };
  const search = async (query: { email?: string; phone?: string }) =>
    (
      await admin
        .post('/api/privacy/searches', { query, requestedBy: `Anruf der Kundin, Lauf ${run}` })
        .expect(succeeded)
    ).body.data as PrivacySearchResult;
  const rowsOf = (result: PrivacySearchResult, kind: PrivacySectionKind) =>
    result.sections.filter((s) => s.kind === kind).flatMap((s) => s.rows);
  const scan = () => scanForPersonalData(needles, places);

  it('places two orders and sends a form with a file as one customer; her mails, SMS and receipt go out', async () => {
    await placeOrder({
      branch: branches['wien-innere-stadt']!.id,
      isDelivery: false,
      isDineIn: false,
      items: [{ product: products['Tafelspitz mit Apfelkren und Schnittlauchsauce'], amount: 2 }],
      comment: `Bitte Besteck für ${customer.firstName} ${customer.lastName}`,
    });
    const photo = await upload(
      'image/png',
      photoOf(`${customer.firstName} ${customer.lastName} <${customer.email}>`),
      `${customer.lastName}-Torte.png`,
    );
    const cake = products['Motivtorte']!;
    await placeOrder({
      branch: branches['graz-lend']!.id,
      isDelivery: false,
      isDineIn: false,
      items: [
        {
          product: cake,
          amount: 1,
          parts: {
            groesse: '16 cm (8–10 Stück)',
            geschmack: 'Nuss-Nougat',
            foto: [photo],
            aufschrift: `Alles Gute, ${customer.firstName}!`,
          },
        },
      ],
    });
    // the first order is picked up and rated
    const [first] = orders;
    await admin.post(`/api/orders/${first!.id}/status/confirm`).expect(200);
    // the kitchen prints its receipt
    await waitFor(async () => (await star.cycle()) !== null, 30_000);
    for (const step of ['ready-for-pickup', 'completed'])
      await admin.post(`/api/orders/${first!.id}/status/${step}`).expect(200);
    await request(stack.baseUrl)
      .post(`/api/orders/public/${first!.uid}/${first!.hash}/questionnaire`)
      .send({ rating: 5, foodRating: 5, serviceRating: 5, processRating: 5, comment: `Danke, ${customer.firstName}` })
      .expect(200);

    // staff send the cake's confirmation again, and keep her as a regular customer (her number written their way)
    await admin.post(`/api/orders/${orders[1]!.id}/resend-new-order-email`).expect(202);
    await admin
      .post('/api/customers', {
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        phone: phoneTold,
        notes: 'Bestellt jedes Jahr eine Motivtorte.',
      })
      .expect(201);

    // a public form with a file: the form keeps the link to the upload
    const form = await admin
      .post('/api/nodes', {
        identifier: `bewerbung-${run}`,
        type: 'form',
        isPublic: true,
        content: {
          name: 'Bewerbung',
          fields: [
            { kind: 'text', fieldId: 'name', type: 'text', label: 'Name', isRequired: true },
            { kind: 'text', fieldId: 'email', type: 'email', label: 'E-Mail', isRequired: true },
            { kind: 'text', fieldId: 'phone', type: 'phone', label: 'Telefon' },
            { kind: 'text', fieldId: 'anhang', type: 'text', label: 'Lebenslauf' },
            { kind: 'text', fieldId: 'nachricht', type: 'textarea', label: 'Nachricht' },
            { kind: 'boolean', fieldId: 'consent', label: 'Ich stimme der Datenschutzerklärung zu', isRequired: true },
          ],
          actions: [
            {
              kind: 'sendMail',
              recipient: 'office@example.at',
              subject: 'Bewerbung von {name}',
              message: '<p>{name}, {email}, {phone}</p><p>{nachricht}</p><p>{anhang}</p>',
            },
          ],
        },
      })
      .expect(201);
    const cv = await upload(
      'text/plain',
      Buffer.from(`Lebenslauf\n${customer.firstName} ${customer.lastName}\n${customer.phone}\n`),
      `Lebenslauf ${customer.lastName}.txt`,
    );
    await request(stack.baseUrl)
      .post(`/api/custom/form/${form.body.data.id}`)
      .send({
        name: `${customer.firstName} ${customer.lastName}`,
        email: customer.email,
        phone: customer.phone,
        anhang: `${stack.baseUrl}/upload/${cv.publicHash}/${cv.id}-${cv.version}.${cv.extension}`,
        nachricht: message,
        consent: true,
      })
      .expect(200);

    // her browser reports the sent form to the shop's analytics with her name and address: the address is redacted
    // as it is written, the name is kept (no pattern knows a name) until an erasure names it
    await request(stack.baseUrl)
      .post('/api/analytics-log')
      .set('Host', 'localhost')
      .set('User-Agent', BROWSER)
      .set('Referer', `http://localhost/bewerbung-${run}`)
      .send({
        type: 'event',
        action: 'form-submit',
        category: 'form',
        data: { form: 'Bewerbung', name: `${customer.firstName} ${customer.lastName}`, email: customer.email },
      })
      .expect(202);
    const event = await waitFor(async () => {
      const { rows } = await db.query(`SELECT data FROM statistics.analytics_event WHERE action = 'form-submit'`);
      return rows[0]?.data;
    }, 30_000);
    expect(event).toEqual({ form: 'Bewerbung', name: `${customer.firstName} ${customer.lastName}`, email: '[E-Mail]' });

    // every job of both orders and of the form done: the mails caught, the SMS sent
    for (const schema of ['order', 'content'] as const)
      await waitFor(async () => {
        const rows = await jobs(schema);
        return rows.length > 0 && rows.every((r) => r.done);
      }, 60_000);
    const mails = await caughtMails();
    expect(mails.filter((m) => m.to.includes(customer.email)).length).toBeGreaterThanOrEqual(2);
    expect(mails.some((m) => m.to.includes('office@example.at') && m.text.includes(customer.lastName))).toBe(true);
    expect(sms.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sms.map((m) => m.to))).toEqual(new Set([`+43664${subscriber}`]));

    // the orders counted by the statistics: the figures the erasure must leave as they are
    await waitFor(async () => ((await metrics()).orders as { total: number }).total === 2, 30_000);
    figures = await metrics();
    staffViews = [];
    for (const o of orders) staffViews.push((await admin.get(`/api/orders/${o.id}`).expect(200)).body.data);
    expect(staffViews.map((v) => v.ticketNumber)).toEqual(orders.map((o) => o.ticketNumber));
  });

  it('finds all of it by the phone number written another way, and by the address', async () => {
    const byPhone = await search({ phone: phoneTold });
    expect(byPhone.request).toMatchObject({ kind: 'search', counts: expect.any(Array) });
    expect(rowsOf(byPhone, 'customers')).toHaveLength(1);
    expect(rowsOf(byPhone, 'orders')).toHaveLength(2);
    expect(rowsOf(byPhone, 'formSubmissions')).toHaveLength(1);
    expect(rowsOf(byPhone, 'uploads')).toHaveLength(2);
    expect(rowsOf(byPhone, 'messages').length).toBeGreaterThan(0);
    expect(rowsOf(byPhone, 'analytics')).toHaveLength(1);
    const shown = JSON.stringify(byPhone.sections);
    for (const o of orders) expect(shown).toContain(o.uid);
    expect(shown).toContain(message);

    const byAddress = await search({ email: customer.email.toUpperCase() });
    expect(rowsOf(byAddress, 'orders')).toHaveLength(2);
    expect(rowsOf(byAddress, 'formSubmissions')).toHaveLength(1);
    // employees may not ask
    await employee.post('/api/privacy/searches', { query: { email: customer.email }, requestedBy: 'x' }).expect(403);
  });

  it('exports JSON and CSV that list each order, the submission and both files; each file downloads once', async () => {
    for (const format of ['json', 'csv'] as const) {
      const created = await admin
        .post('/api/privacy/exports', {
          query: { email: customer.email, phone: phoneTold },
          requestedBy: `E-Mail der Kundin, Lauf ${run}`,
          format,
        })
        .expect(succeeded);
      const record = created.body.data as PrivacyRequestRecord;
      expect(record).toMatchObject({ kind: 'export', exportFormat: format, exportDownloadedAt: null });
      const url = `/api/privacy/exports/${record.id}/download`;
      const file = await admin.get(url).buffer(true).parse(asText).expect(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment/);
      expect(file.headers['content-type']).toContain(format === 'json' ? 'application/json' : 'text/csv');
      const text = file.body as string;
      if (format === 'json') expect(() => JSON.parse(text)).not.toThrow();
      for (const o of orders) expect(text).toContain(o.uid);
      expect(text).toContain(message);
      for (const f of files) expect(text.includes(f.publicHash) || text.includes(f.name)).toBe(true);
      // once: the second download is refused (the file is gone)
      const again = await admin.get(url);
      expect([404, 410]).toContain(again.status);
      expect(again.body.message).toEqual(expect.any(String));
    }
  });

  it('erases it: no table, Redis key, JetStream message, file or caught mail holds the address, number or names', async () => {
    // the scan finds the customer before: it searches where the data is
    const before = await scan();
    expect(placesOf(before.hits)).toEqual(expect.arrayContaining(['files', 'mail', 'postgres', 'redis']));
    expect(before.searched.messages).toBeGreaterThan(0);

    const erased = await admin
      .post('/api/privacy/erasures', {
        query: { email: customer.email, phone: customer.phone },
        requestedBy: `Brief der Kundin, Lauf ${run}`,
      })
      .expect(succeeded);
    const record = erased.body.data as PrivacyRequestRecord;
    expect(record).toMatchObject({ kind: 'erase', failedServices: [] });
    const count = (kind: string) => record.counts.filter((c) => c.kind === kind).reduce((n, c) => n + c.count, 0);
    expect([count('customers'), count('orders'), count('formSubmissions'), count('uploads')]).toEqual([1, 2, 1, 2]);
    // the demo mail catcher's copies too
    expect(count('mails')).toBeGreaterThan(0);

    // what is erased after the answer (a file, an event's consumer) is gone within seconds
    let after = await scan();
    try {
      await waitFor(
        async () => {
          after = await scan();
          return after.hits.length === 0;
        },
        20_000,
        1000,
      );
    } catch {
      // the test fails below, naming every place that still holds the data
    }
    expect(formatHits(after.hits)).toBe('');
    expect(after.searched.tables).toBeGreaterThan(50);
    expect(after.searched.redisKeys).toBeGreaterThan(0);
  });

  it('keeps the orders, anonymised, with their tickets, amounts and taxes, and the statistics as they were', async () => {
    expect(await metrics()).toEqual(figures);
    for (const [i, o] of orders.entries()) {
      const view = (await admin.get(`/api/orders/${o.id}`).expect(200)).body.data;
      const was = staffViews[i]!;
      // what staff see of it names her no more
      const shown = JSON.stringify(view).toLowerCase();
      for (const n of [customer.email, subscriber, customer.firstName, customer.lastName])
        expect(shown).not.toContain(n.toLowerCase());
      expect({ ticketNumber: view.ticketNumber, pricing: view.pricing, status: view.status }).toEqual({
        ticketNumber: was.ticketNumber,
        pricing: was.pricing,
        status: was.status,
      });
      const lines = (v: { items: Array<{ gross: number; taxRate: number; amount: number }> }) =>
        v.items.map(({ gross, taxRate, amount }) => ({ gross, taxRate, amount }));
      expect(lines(view)).toEqual(lines(was as never));
      // the taxes still add up to the total
      const taxes = Object.values(view.pricing.taxes as Record<string, { gross: number }>);
      expect(taxes.reduce((sum, t) => sum + t.gross, 0)).toBeCloseTo(view.pricing.totalGross, 2);
    }
  });

  it('finds nothing when asked again', async () => {
    const again = await search({ email: customer.email, phone: phoneTold });
    expect(again.sections.flatMap((s) => s.rows)).toEqual([]);
  });

  it('lists the requests to administrators without the address, number or names', async () => {
    const list = (await admin.get('/api/privacy/requests').expect(200)).body.data as PrivacyRequestRecord[];
    const kinds = list.map((r) => r.kind);
    expect(kinds.filter((k) => k === 'export')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'erase')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'search')).toHaveLength(3);
    const shown = JSON.stringify(list).toLowerCase();
    for (const n of [customer.email, subscriber, customer.firstName, customer.lastName])
      expect(shown).not.toContain(n.toLowerCase());
    await employee.get('/api/privacy/requests').expect(403);
  });
});
