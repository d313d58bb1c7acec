import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { JobCompletions } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import { waitFor } from '@shop/testing';
import request from 'supertest';
import { isOnline } from '../../services/order/src/devices/device-online.js';
import { CatalogueContextCache } from '../../services/order/src/catalogue-context/catalogue-context.cache.js';
import { ORDER_QUEUES, type OrderQueues } from '../../services/order/src/jobs/order-jobs.js';
import { loadWorkersConfig } from '../../services/workers/src/config/workers-config.js';
import { WorkersModule } from '../../services/workers/src/workers.module.js';
import { SimulatedCloudPrnt, SimulatedEpson } from '../support/printers.js';
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
const ESC_AT = Buffer.from([0x1b, 0x40]);

/** Issue 5: receipts queued per device and pulled by Star CloudPRNT and Epson Server Direct Print printers. */
describe('printing: device queues and the printers that pull them', () => {
  let stack: Stack;
  let workers: INestApplicationContext;
  let admin: StaffClient;
  let branch: { id: number };
  let product: number;
  let star: SimulatedCloudPrnt;
  let epson: SimulatedEpson;
  let devices: Record<string, { id: number; apiKey: string; identifier: string }>;

  beforeAll(async () => {
    stack = await startStack('printing', { PRINT_MAX_ATTEMPTS: '2' });
    await stack.seed();
    workers = await NestFactory.createApplicationContext(
      WorkersModule.forRoot(loadWorkersConfig({ ...stack.env, PUBLIC_BASE_URL: 'https://shop.example.at' })),
      { logger: false },
    );
    await workers.init();
    admin = await login(stack, ADMIN);
    const b = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    // this branch prints when an order is confirmed
    branch = (
      await admin.put(`/api/branches/${b.id}`, { ...b, openingHours: ALL_DAY, printOn: 'confirmed' }).expect(200)
    ).body.data;
    const products = (await admin.get('/api/products?perPage=500').expect(200)).body.data as Array<{
      id: number;
      name: string;
    }>;
    product = products.find((p) => p.name === 'Apfelstrudel')!.id;
    devices = {};
    for (const d of [
      {
        identifier: 'kueche-star',
        name: 'Küche (Star)',
        type: 'printer',
        protocol: 'cloudprnt',
        printFormat: 'star',
        pollIntervalSeconds: 2,
      },
      {
        identifier: 'theke-epson',
        name: 'Theke (Epson)',
        type: 'printer',
        protocol: 'epson-sdp',
        printFormat: 'escpos',
      },
      { identifier: 'tablet-theke', name: 'Tablet Theke', type: 'notification', protocol: null },
    ]) {
      devices[d.identifier] = (await admin.post('/api/devices', { ...d, branch: branch.id }).expect(201)).body.data;
    }
    star = new SimulatedCloudPrnt(
      `${stack.baseUrl}/api/printers/cloudprnt`,
      'kueche-star',
      devices['kueche-star']!.apiKey,
    );
    epson = new SimulatedEpson(`${stack.baseUrl}/api/printers/epson`, 'theke-epson', devices['theke-epson']!.apiKey);
  }, STACK_START_MS);
  afterAll(async () => {
    await workers.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  async function placeOrder(): Promise<{ id: number; ticketNumber: number }> {
    let res: request.Response | undefined;
    // the order service's read model follows the branch change through its event
    await waitFor(async () => {
      res = await request(stack.baseUrl)
        .post('/api/orders')
        .send({
          branch: branch.id,
          isDelivery: false,
          isDineIn: false,
          items: [{ product, amount: 1 }],
          firstName: 'Anna',
          lastName: 'Berger',
          email: 'anna@example.at',
          phone: '+43 660 1234567',
          legalInstructions: true,
          privacyPolicy: true,
          paymentMethod: 'cash',
        });
      return res.status === 201;
    }, 5000).catch((err) => {
      throw new Error(`${err.message}: ${JSON.stringify(res?.body)}`);
    });
    return res!.body.data;
  }
  const queueOf = async (identifier: string) =>
    (await admin.get(`/api/devices/${devices[identifier]!.id}/queue`).expect(200)).body.data as Array<{
      jobKey: string;
      status: string;
      lastError: string | null;
      attempts: number;
    }>;

  // how soon the job is there is a figure for a real stack, not a test on a shared CI machine: the compose check's
  // printer step prints it (deploy/compose/journey.mjs, "job fetched N ms after the order went to the printers")
  it('queues a confirmed order for every printer of the branch, and both printers print it', async () => {
    const order = await placeOrder();
    expect((await admin.get(`/api/orders/${order.id}`).expect(200)).body.data.receipt).toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    // printOn: confirmed — nothing before the confirmation
    expect((await star.poll()).jobReady).toBe(false);
    expect(await epson.getRequest()).toBeNull();

    await admin.post(`/api/orders/${order.id}/status/confirm`).expect(200);
    await waitFor(async () => (await star.poll()).jobReady, 10_000, 20);

    // CloudPRNT: the GET has no side effects (same bytes twice), then DELETE with 200 OK
    const poll = await star.poll();
    expect(poll.mediaTypes).toEqual(['application/vnd.star.line', 'text/plain']);
    const first = await star.fetchJob(poll.jobToken!, 'application/vnd.star.line');
    const again = await star.fetchJob(poll.jobToken!, 'application/vnd.star.line');
    expect(first.status).toBe(200);
    expect(first.contentType).toBe('application/vnd.star.line');
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(first.bytes.subarray(0, 2).equals(ESC_AT)).toBe(true);
    const text = (await star.fetchJob(poll.jobToken!, 'text/plain')).bytes.toString('utf8');
    expect(text).toContain(`Ticket ${order.ticketNumber}`);
    expect(text).toContain('Apfelstrudel');
    expect(await star.confirm(poll.jobToken!, '200 OK')).toBe(200);
    expect((await star.poll()).jobReady).toBe(false);

    // Epson: GetRequest answers PrintRequestInfo with ePOS-Print XML around the ESC/POS bytes; SetResponse success
    const job = await epson.getRequest();
    expect(job!.xml).toContain('<PrintRequestInfo Version="2.00">');
    expect(job!.xml).toContain('<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">');
    expect(job!.command.subarray(0, 2).equals(ESC_AT)).toBe(true);
    expect(job!.command.toString('latin1')).toContain('Apfelstrudel');
    expect(await epson.setResponse(job!.printjobid, true)).toBe(200);
    expect(await epson.getRequest()).toBeNull();

    // the BullMQ job: retried with exponential backoff, pruned by age once completed or failed
    const bullJob = await stack.order.get<OrderQueues>(ORDER_QUEUES).print.getJob(`print-${order.id}-confirmed`);
    expect(bullJob!.opts).toMatchObject({
      attempts: 8,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    });
    expect(await bullJob!.getState()).toBe('completed');
    // the rendered receipt went to the order service with the completion: BullMQ keeps its sizes, not the documents
    expect(bullJob!.returnvalue).toEqual({
      branch: expect.any(Number),
      orderId: order.id,
      notification: `Bestellung bestätigt: Ticket ${order.ticketNumber}`,
      documentBytes: { star: expect.any(Number), escpos: expect.any(Number), text: expect.any(Number) },
    });
    expect(bullJob!.returnvalue.documentBytes.escpos).toBeGreaterThan(1000);
    expect((await queueOf('kueche-star'))[0]).toMatchObject({ jobKey: `print-${order.id}-confirmed`, status: 'done' });
    expect((await queueOf('theke-epson'))[0]).toMatchObject({ jobKey: `print-${order.id}-confirmed`, status: 'done' });
    // staff see that the receipt printed
    expect((await admin.get(`/api/orders/${order.id}`).expect(200)).body.data.receipt).toBe('printed');
    // the notification device heard of it
    const notes = await fetch(`${stack.baseUrl}/api/devices/notifications`, {
      headers: {
        authorization: `Basic ${Buffer.from(`tablet-theke:${devices['tablet-theke']!.apiKey}`).toString('base64')}`,
      },
    });
    expect((await notes.json()).data.map((n: { text: string }) => n.text)).toEqual([
      `Bestellung bestätigt: Ticket ${order.ticketNumber}`,
    ]);
  });

  it('re-queues a job the printer could not print, and gives up after the last attempt with the reason recorded', async () => {
    const order = await placeOrder();
    await admin.post(`/api/orders/${order.id}/print`).expect(202);
    await waitFor(async () => (await star.poll()).jobReady, 3000);
    const token = (await star.poll()).jobToken!;
    expect(await star.cycle('520 Paper empty')).not.toBeNull();
    // back in the queue with the same token (the same job), reason recorded
    const retry = await star.poll();
    expect(retry).toMatchObject({ jobReady: true, jobToken: token });
    expect((await queueOf('kueche-star'))[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: '520 Paper empty',
    });
    // while the printers have it, staff see it waiting
    expect((await admin.get(`/api/orders/${order.id}`).expect(200)).body.data.receipt).toBe('waiting');
    await star.cycle('520 Paper empty');
    expect((await star.poll()).jobReady).toBe(false);
    expect((await queueOf('kueche-star'))[0]).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: '520 Paper empty',
    });

    // Epson: a failed SetResponse re-queues; the next GetRequest hands the same job out again
    const job = await epson.getRequest();
    await epson.setResponse(job!.printjobid, false, 'EPTR_REC_EMPTY');
    const again = await epson.getRequest();
    expect(again!.printjobid).toBe(job!.printjobid);
    await epson.setResponse(again!.printjobid, true);
    expect((await queueOf('theke-epson'))[0]).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    // one printer gave up: the board shows the receipt as failed (and offers to print it again)
    const failed = (await admin.get('/api/orders/current').expect(200)).body.data.find(
      (x: { id: number }) => x.id === order.id,
    );
    expect(failed.receipt).toBe('failed');
  });

  it('prints a test page, sends a test notification, and collects the logs a printer sends after a request', async () => {
    await admin.post(`/api/devices/${devices['kueche-star']!.id}/test/print`).expect(202);
    await waitFor(async () => (await star.poll()).jobReady, 3000);
    const poll = await star.poll();
    expect((await star.fetchJob(poll.jobToken!, 'text/plain')).bytes.toString('utf8')).toContain('Testdruck');
    await star.confirm(poll.jobToken!, '200 OK');
    // only that printer got it
    expect(await epson.getRequest()).toBeNull();

    await admin.post(`/api/devices/${devices['tablet-theke']!.id}/test/notification`).expect(202);
    const auth = {
      authorization: `Basic ${Buffer.from(`tablet-theke:${devices['tablet-theke']!.apiKey}`).toString('base64')}`,
    };
    expect(
      (await (await fetch(`${stack.baseUrl}/api/devices/notifications`, { headers: auth })).json()).data.map(
        (n: { text: string }) => n.text,
      ),
    ).toEqual(['Testbenachrichtigung']);
    expect((await (await fetch(`${stack.baseUrl}/api/devices/notifications`, { headers: auth })).json()).data).toEqual(
      [],
    );

    await admin.post(`/api/devices/${devices['kueche-star']!.id}/request-device-logs`).expect(202);
    const asked = await star.poll();
    expect(asked.clientAction?.map((a) => a.request)).toEqual([
      'ClientType',
      'ClientVersion',
      'GetPollInterval',
      'Encodings',
    ]);
    expect((await star.poll()).clientAction).toBeUndefined();
    const logs = (await admin.get(`/api/devices/${devices['kueche-star']!.id}/logs`).expect(200)).body.data as Array<{
      message: string;
      data: unknown;
    }>;
    expect(logs[0]).toMatchObject({
      message: 'Geräte-Log',
      data: expect.arrayContaining([{ request: 'ClientType', result: 'ClientType-result' }]),
    });
  });

  it('shows printers online while they poll and offline after twice their interval plus 5 s', async () => {
    const list = (await admin.get(`/api/devices?branch=${branch.id}`).expect(200)).body.data as Array<{
      identifier: string;
      isOnline: boolean | null;
      lastSeenAt: string | null;
    }>;
    expect(list.find((d) => d.identifier === 'kueche-star')!.isOnline).toBe(true);
    expect(list.find((d) => d.identifier === 'tablet-theke')!.isOnline).toBeNull();
    const seen = new Date('2026-11-22T10:00:00Z');
    expect(isOnline({ lastSeenAt: seen, pollIntervalSeconds: 2 }, seen.getTime() + 9000)).toBe(true);
    expect(isOnline({ lastSeenAt: seen, pollIntervalSeconds: 2 }, seen.getTime() + 9001)).toBe(false);
    expect(isOnline({ lastSeenAt: null, pollIntervalSeconds: 2 })).toBe(false);
  });

  it('answers garbage from a printer with a German 4xx, never a 500', async () => {
    const auth = (identifier: string) => ({
      authorization: `Basic ${Buffer.from(`${identifier}:${devices[identifier]!.apiKey}`).toString('base64')}`,
    });
    const send = async (method: string, url: string, identifier: string, body?: string, type = 'application/json') => {
      const res = await fetch(`${stack.baseUrl}${url}`, {
        method,
        headers: { ...auth(identifier), ...(body === undefined ? {} : { 'content-type': type }) },
        body,
      });
      return { status: res.status, body: res.status === 200 ? null : await res.json() };
    };
    // a status code with broken percent-encoding is kept as sent
    expect(await star.poll('%')).toMatchObject({ jobReady: false });
    expect(await star.poll('%E0%A4%A')).toMatchObject({ jobReady: false });
    // NUL characters (Postgres text refuses them) in the status and the client-action answers
    expect(
      (
        await send(
          'POST',
          '/api/printers/cloudprnt',
          'kueche-star',
          JSON.stringify({ statusCode: '200%00OK', clientAction: [{ request: 'x\u0000', result: '\u0000' }] }),
        )
      ).status,
    ).toBe(200);
    const logs = (await admin.get(`/api/devices/${devices['kueche-star']!.id}/logs`).expect(200)).body.data as Array<{
      message: string;
    }>;
    expect(logs.map((l) => l.message)).toContain('Status %');
    expect((await send('POST', '/api/printers/cloudprnt', 'kueche-star', '{"statusCode":')).body).toMatchObject({
      message: 'Die Anfrage enthält kein gültiges JSON.',
    });
    expect((await send('POST', '/api/printers/cloudprnt', 'kueche-star', 'null')).status).toBe(200);

    const required = [{ field: 'token', message: 'Dieser Wert sollte nicht leer sein.' }];
    // CloudPRNT GET: no token, several tokens, an unknown token, a media type the job does not have
    expect(await send('GET', '/api/printers/cloudprnt?type=text/plain', 'kueche-star')).toMatchObject({
      status: 422,
      body: { errors: required },
    });
    expect(await send('GET', '/api/printers/cloudprnt?token=a&token=b', 'kueche-star')).toMatchObject({
      status: 422,
      body: { errors: [{ field: 'token', message: 'Dieser Wert sollte vom Typ Text sein.' }] },
    });
    expect(await send('GET', '/api/printers/cloudprnt?token=%00', 'kueche-star')).toMatchObject({
      status: 422,
      body: { errors: required },
    });
    expect(await send('GET', '/api/printers/cloudprnt?token=unbekannt', 'kueche-star')).toMatchObject({
      status: 404,
      body: { message: 'Druckauftrag wurde nicht gefunden.' },
    });
    await admin.post(`/api/devices/${devices['kueche-star']!.id}/test/print`).expect(202);
    await waitFor(async () => (await star.poll()).jobReady, 3000);
    const token = (await star.poll()).jobToken!;
    for (const type of ['application/vnd.escpos', 'constructor', '__proto__', 'text/plain%0D%0Ax-evil: 1']) {
      expect(await send('GET', `/api/printers/cloudprnt?token=${token}&type=${type}`, 'kueche-star')).toMatchObject({
        status: 422,
        body: { errors: [{ field: 'type', message: 'Der gewählte Wert ist ungültig.' }] },
      });
    }
    // CloudPRNT DELETE: no token, no code; a code with NUL characters is recorded without them
    expect(await send('DELETE', '/api/printers/cloudprnt?code=200%20OK', 'kueche-star')).toMatchObject({
      status: 422,
      body: { errors: required },
    });
    expect(await send('DELETE', `/api/printers/cloudprnt?token=${token}`, 'kueche-star')).toMatchObject({
      status: 422,
      body: { errors: [{ field: 'code', message: 'Dieser Wert sollte nicht leer sein.' }] },
    });
    expect(
      await send('DELETE', `/api/printers/cloudprnt?token=${token}&code=520%00Paper`, 'kueche-star'),
    ).toMatchObject({ status: 200 });
    expect((await queueOf('kueche-star'))[0]).toMatchObject({ status: 'queued', lastError: '520Paper' });
    expect(await star.confirm(token, '200 OK')).toBe(200);

    // Epson: an unknown or missing ConnectionType, a SetResponse without or with a garbage ResponseFile
    const form = (fields: Record<string, string>) =>
      send(
        'POST',
        '/api/printers/epson',
        'theke-epson',
        new URLSearchParams(fields).toString(),
        'application/x-www-form-urlencoded',
      );
    const choice = [{ field: 'ConnectionType', message: 'Der gewählte Wert ist ungültig.' }];
    expect(await form({ ConnectionType: 'Hello' })).toMatchObject({ status: 422, body: { errors: choice } });
    expect(await form({})).toMatchObject({
      status: 422,
      body: { errors: [{ field: 'ConnectionType', message: 'Dieser Wert sollte nicht leer sein.' }] },
    });
    expect(await form({ ConnectionType: 'SetResponse' })).toMatchObject({
      status: 422,
      body: { errors: [{ field: 'ResponseFile', message: 'Dieser Wert sollte nicht leer sein.' }] },
    });
    for (const file of ['garbage', '<PrintResponseInfo', '<?xml version="1.0"?><Other/>']) {
      expect(await form({ ConnectionType: 'SetResponse', ResponseFile: file })).toMatchObject({
        status: 422,
        body: { errors: [{ field: 'ResponseFile', message: 'Dieser Wert ist ungültig.' }] },
      });
    }
    // a well-formed answer about a job the printer does not have changes nothing
    expect(
      await form({
        ConnectionType: 'SetResponse',
        ResponseFile:
          '<PrintResponseInfo><ePOSPrint><Parameter><printjobid>\u0000</printjobid></Parameter></ePOSPrint></PrintResponseInfo>',
      }),
    ).toMatchObject({ status: 200 });
    // a wrong identifier with a NUL in it is just a wrong identifier
    const nul = await fetch(`${stack.baseUrl}/api/printers/cloudprnt`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('kueche\u0000star:x').toString('base64')}` },
      body: '{}',
    });
    expect(nul.status).toBe(401);
    expect((await nul.json()).message).toBe(
      'Das Gerät konnte nicht angemeldet werden: Kennung oder Schlüssel ist ungültig.',
    );
  });

  it('prints a cash order as soon as it is placed when the branch prints on creation, without a confirmation', async () => {
    const b = (await admin.get(`/api/branches/${branch.id}`).expect(200)).body.data;
    await admin.put(`/api/branches/${branch.id}`, { ...b, printOn: 'created' }).expect(200);
    try {
      // the order service's read model follows the branch change through its event
      const contexts = stack.order.get(CatalogueContextCache);
      await waitFor(async () => (await contexts.get(branch.id))?.branch.printOn === 'created', 5000);
      const order = await placeOrder();
      await waitFor(async () => (await star.poll()).jobReady, 10_000, 20);
      const poll = await star.poll();
      expect((await star.fetchJob(poll.jobToken!, 'text/plain')).bytes.toString('utf8')).toContain(
        `Ticket ${order.ticketNumber}`,
      );
      expect(await star.confirm(poll.jobToken!, '200 OK')).toBe(200);
      expect(await epson.cycle()).not.toBeNull();
      expect((await queueOf('kueche-star'))[0]).toMatchObject({ jobKey: `print-${order.id}-created`, status: 'done' });
      expect((await queueOf('theke-epson'))[0]).toMatchObject({ jobKey: `print-${order.id}-created`, status: 'done' });
      // the order was never confirmed
      expect((await admin.get(`/api/orders/${order.id}`).expect(200)).body.data.status).toBe('open');
    } finally {
      await admin.put(`/api/branches/${branch.id}`, { ...b, printOn: 'confirmed' }).expect(200);
    }
  });

  it('accepts only the device’s own credentials, never a staff session', async () => {
    const wrong = await fetch(`${stack.baseUrl}/api/printers/cloudprnt`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('kueche-star:falsch-falsch-falsch').toString('base64')}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Basic');
    // the other printer's key does not open this one
    const swapped = await fetch(`${stack.baseUrl}/api/printers/cloudprnt`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`kueche-star:${devices['theke-epson']!.apiKey}`).toString('base64')}`,
      },
      body: '{}',
    });
    expect(swapped.status).toBe(401);
    await admin.agent.post('/api/printers/cloudprnt').set('x-csrf-token', admin.csrf).send({}).expect(401);
  });

  it('records a report of several finished jobs at once: each receipt reaches its printers, a repeat adds nothing (issue 22)', async () => {
    const bus = workers.get(ServiceBus);
    const text = (t: string) => Buffer.from(t).toString('base64');
    const documents = { star: text('STAR'), escpos: ESC_AT.toString('base64'), text: text('Bon') };
    const report: JobCompletions = {
      completions: [
        { jobId: 'print-9001-report', name: 'print-receipt', result: { branch: branch.id, orderId: null, documents } },
        {
          jobId: 'print-9002-report',
          name: 'print-receipt',
          result: { branch: branch.id, orderId: null, documents, notification: 'Neue Bestellung: Ticket 5' },
        },
        { jobId: 'email-9001-report', name: 'email-new-order', result: { sent: ['customer'] } },
      ],
    };
    const reported = async (identifier: string) =>
      (await queueOf(identifier))
        .map((e) => e.jobKey)
        .filter((k) => k.endsWith('-report'))
        .sort();
    expect(await bus.requestAsService('order.job.completed', report)).toEqual({ recorded: 3 });
    for (const printer of ['kueche-star', 'theke-epson'])
      expect(await reported(printer)).toEqual(['print-9001-report', 'print-9002-report']);
    expect(await reported('tablet-theke')).toEqual(['print-9002-report']);
    // the same report again (its answer was lost and the worker retried): nothing new
    expect(await bus.requestAsService('order.job.completed', report)).toEqual({ recorded: 0 });
    expect(await reported('kueche-star')).toEqual(['print-9001-report', 'print-9002-report']);
    // only the workers' signed identity may report jobs done
    await expect(bus.request('order.job.completed', report)).rejects.toThrow(DomainException);
  });
});
