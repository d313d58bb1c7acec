/// <reference lib="dom" />
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { rawHeader, type ReceivedMail, startMailCatcher, waitFor } from '@shop/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import request from 'supertest';
import { ORDER_QUEUES, type OrderQueues } from '../../services/order/src/jobs/order-jobs.js';
import { loadWorkersConfig } from '../../services/workers/src/config/workers-config.js';
import { EmailProcessor } from '../../services/workers/src/email/email.processor.js';
import { WorkersModule } from '../../services/workers/src/workers.module.js';
import { acceptCookies, launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import {
  ADMIN,
  EMPLOYEE,
  login,
  orderableProductOf,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';
import {
  CUSTOMER,
  loginViaUi,
  openAllDay,
  placeOrder,
  type BranchMap,
  type PlacedOrder,
} from './backoffice-support.js';

/**
 * Issue 42: the customer hears of every change staff make in the back office. An order walks through the states on
 * the live board in Chromium (counter-proposal, answered through the mail's link on the status page, confirmation,
 * ready for pickup, completion; a delivery order out for delivery; a rejection with its message and a cancellation on
 * two more orders), and the local SMTP catcher counts the mails: exactly one per change, none for completing, none
 * for a kind the branch turned off in its form, none again when a job is delivered twice.
 */
describe('back office: status e-mails to the customer', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let inbox: ReceivedMail[];
  let workers: INestApplicationContext;
  let branches: BranchMap;
  let products: Record<string, number>;
  /** the order walked through every state (its mails are counted once more at the end) */
  let walked: PlacedOrder | null = null;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    requireBuiltApp('storefront');
    smtp = await startMailCatcher();
    inbox = smtp.inbox;
    stack = await startStack('bo-mails');
    await stack.seed();
    workers = await NestFactory.createApplicationContext(
      WorkersModule.forRoot(loadWorkersConfig({ ...stack.env, SMTP_URL: smtp.url, PUBLIC_BASE_URL: stack.baseUrl })),
      { logger: false },
    );
    await workers.init();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);
    branches = await openAllDay(admin, ['wien-innere-stadt', 'wien-neubau']);
    products = {
      wien: await orderableProductOf(admin, branches['wien-innere-stadt']!.id),
      neubau: await orderableProductOf(admin, branches['wien-neubau']!.id),
    };
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await workers?.close();
    await stack?.close();
    await smtp?.close();
  }, STACK_CLOSE_MS);

  /** the status e-mails of an order (the new-order mails, `email-{id}-created.…`, left out), in arrival order */
  const statusMails = (orderId: number) =>
    inbox.filter((m) => {
      const id = rawHeader(m.raw, 'Message-ID');
      return id.startsWith(`<email-${orderId}-`) && !id.startsWith(`<email-${orderId}-created.`);
    });
  const subjects = (orderId: number) => statusMails(orderId).map((m) => m.subject);
  /** waits for the order's nth status e-mail and answers it */
  const nthMail = (orderId: number, n: number) =>
    waitFor(() => statusMails(orderId)[n - 1] ?? null, 15_000, 100).catch((err: Error) => {
      throw new Error(`${err.message}: mail ${n} of order ${orderId}; had ${JSON.stringify(subjects(orderId))}`);
    });
  const ticket = (o: PlacedOrder) => `Ticket ${o.ticketNumber}`;
  const act = (card: Locator, action: string, o: PlacedOrder) =>
    card.getByRole('button', { name: `${action}: ${ticket(o)}` }).click();

  async function staffBoard(who: { username: string; password: string }): Promise<Page> {
    const { page } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await loginViaUi(page, who);
    await page.waitForURL('**/backend#/orders');
    return page;
  }

  it("turns a kind off in the branch's form ('E-Mail bei Bestätigung'): confirming sends nothing, canceling does", async () => {
    const neubau = branches['wien-neubau']!;
    const page = await staffBoard(ADMIN);
    await page.goto(`/backend#/branches/${neubau.id}`);
    const group = page.getByRole('group', { name: 'E-Mails an Kunden' });
    for (const label of [
      'E-Mail bei Bestätigung',
      'E-Mail bei „Abholbereit“',
      'E-Mail bei „In Zustellung“',
      'E-Mail bei Terminvorschlag',
      'E-Mail bei Ablehnung',
      'E-Mail bei Stornierung',
    ])
      expect(await group.getByLabel(label, { exact: true }).isChecked()).toBe(true);
    await group.getByLabel('E-Mail bei Bestätigung', { exact: true }).uncheck();
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/branches/${neubau.id}`,
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);
    expect((await admin.get(`/api/branches/${neubau.id}`).expect(200)).body.data).toMatchObject({
      isConfirmedEmailEnabled: false,
      isCanceledEmailEnabled: true,
    });

    // the branch's first order: the order service reads the branch as saved now
    const o = await placeOrder(stack, neubau.id, products.neubau!);
    await page.goto('/backend#/orders');
    const card = page.locator(`article[data-order-id="${o.id}"]`);
    await act(card, 'Bestätigen', o);
    await card.locator('.badge', { hasText: 'Bestätigt' }).waitFor();
    await act(card, 'Stornieren', o);
    await page.locator('dialog[open]').getByRole('button', { name: 'Stornieren' }).click();
    const canceled = await nthMail(o.id, 1);
    expect(canceled.subject).toBe(`Ihre Bestellung (${ticket(o)}) bei ${neubau.name as string} wurde storniert`);
    expect(subjects(o.id)).toHaveLength(1);
    await page.context().close();
  }, 120_000);

  it('walks a takeaway order through counter-proposal (answered through the link), confirmation, pickup and completion', async () => {
    const wien = branches['wien-innere-stadt']!;
    const o = await placeOrder(stack, wien.id, products.wien!);
    const page = await staffBoard(EMPLOYEE);
    const card = page.locator(`article[data-order-id="${o.id}"]`);

    // staff propose another time: the customer's mail offers both answers
    await act(card, 'Anderen Termin vorschlagen', o);
    await page.locator('dialog[open]').getByRole('button', { name: 'Vorschlagen' }).click();
    const proposal = await nthMail(o.id, 1);
    expect(proposal.to).toEqual([CUSTOMER.email]);
    expect(proposal.subject).toBe(`Neuer Termin für Ihre Bestellung (${ticket(o)}) bei ${wien.name as string}`);
    const text = proposal.body;
    expect(text).toContain('Die Filiale schlägt Ihnen einen neuen Termin vor:');
    expect(text).toContain('Guten Tag Anna Berger,');
    expect(proposal.raw).toMatch(/Content-Type: text\/html/i);
    const statusUrl = `${stack.baseUrl}/status/${o.uid}/${o.hash}`;
    const accept = /Ja, Termin annehmen\s+(\S+)/.exec(text)?.[1];
    const decline = /Nein, Bestellung stornieren\s+(\S+)/.exec(text)?.[1];
    expect([accept, decline]).toEqual([statusUrl, statusUrl]);

    // the customer follows the mail's link and accepts on the status page
    const customer = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await customer.page.goto(accept!);
    await acceptCookies(customer.page);
    await customer.page.getByRole('button', { name: 'Ja, Termin annehmen' }).click();
    await waitFor(
      async () =>
        (await request(stack.baseUrl).get(`/api/orders/public/${o.uid}/${o.hash}`)).body.data?.counterAppointment ===
        null,
      10_000,
      100,
    );
    await customer.context.close();

    await act(card, 'Bestätigen', o);
    const confirmed = await nthMail(o.id, 2);
    expect(confirmed.subject).toBe(`Ihre Bestellung (${ticket(o)}) bei ${wien.name as string} ist bestätigt`);
    expect(confirmed.body).toContain(`Bestellstatus ansehen ${statusUrl}`);
    await act(card, 'Abholbereit', o);
    const ready = await nthMail(o.id, 3);
    expect(ready.subject).toBe(`Ihre Bestellung (${ticket(o)}) ist abholbereit`);
    expect(ready.body).toContain('Ihre Bestellung ist fertig und liegt bei');
    // completing tells nobody: checked at the end, after later mails went out
    await act(card, 'Abschließen', o);
    await card.waitFor({ state: 'detached' });
    walked = o;
    await page.context().close();
  }, 120_000);

  it('tells a delivery customer it is on its way', async () => {
    const wien = branches['wien-innere-stadt']!;
    const product = (await admin.get(`/api/products/${products.wien}`).expect(200)).body.data as { price: number };
    let o: PlacedOrder | null = null;
    await waitFor(
      async () => {
        const res = await request(stack.baseUrl)
          .post('/api/orders')
          .send({
            ...CUSTOMER,
            branch: wien.id,
            isDelivery: true,
            isDineIn: false,
            deliveryArea: '1010 Wien – Innere Stadt',
            // over the area's minimum order value (EUR 15)
            items: [{ product: products.wien, amount: Math.ceil(16 / product.price) }],
          });
        if (res.status === 201) o = res.body.data;
        return res.status === 201;
      },
      10_000,
      200,
    );
    const order = o as unknown as PlacedOrder;
    const page = await staffBoard(EMPLOYEE);
    const card = page.locator(`article[data-order-id="${order.id}"]`);
    await act(card, 'Bestätigen', order);
    await nthMail(order.id, 1);
    await act(card, 'In Zustellung', order);
    const onItsWay = await nthMail(order.id, 2);
    expect(onItsWay.subject).toBe(`Ihre Bestellung (${ticket(order)}) ist unterwegs`);
    expect(onItsWay.body).toContain(`Ihre Bestellung von ${wien.name as string} ist jetzt unterwegs zu Ihnen.`);
    expect(subjects(order.id)).toHaveLength(2);
    await page.context().close();
  }, 120_000);

  it('rejects one order with a message and cancels another; a job delivered again sends nothing', async () => {
    const wien = branches['wien-innere-stadt']!;
    const rejected = await placeOrder(stack, wien.id, products.wien!);
    const canceled = await placeOrder(stack, wien.id, products.wien!);
    const page = await staffBoard(EMPLOYEE);

    await act(page.locator(`article[data-order-id="${rejected.id}"]`), 'Ablehnen', rejected);
    const dialog = page.locator('dialog[open]');
    await dialog.getByLabel('Nachricht an den Kunden').fill('Heute leider ausgebucht, morgen gerne wieder.');
    await dialog.getByRole('button', { name: 'Ablehnen' }).click();
    const no = await nthMail(rejected.id, 1);
    expect(no.subject).toBe(`Ihre Bestellung (${ticket(rejected)}) bei ${wien.name as string} wurde abgelehnt`);
    expect(no.body).toContain('Nachricht der Filiale: Heute leider ausgebucht, morgen gerne wieder.');

    await act(page.locator(`article[data-order-id="${canceled.id}"]`), 'Stornieren', canceled);
    await page.locator('dialog[open]').getByRole('button', { name: 'Stornieren' }).click();
    const gone = await nthMail(canceled.id, 1);
    expect(gone.subject).toBe(`Ihre Bestellung (${ticket(canceled)}) bei ${wien.name as string} wurde storniert`);

    // BullMQ delivers at least once: the same job again sends nothing
    const before = inbox.length;
    const job = await stack.order.get<OrderQueues>(ORDER_QUEUES).email.getJob(`email-${canceled.id}-status-canceled`);
    expect(await workers.get(EmailProcessor).processStatusMail(job!.data, job!)).toEqual({ sent: false });
    expect(inbox.length).toBe(before);

    // one mail per change, and none for completing the first order
    expect(subjects(rejected.id)).toHaveLength(1);
    expect(subjects(canceled.id)).toHaveLength(1);
    expect(subjects(walked!.id)).toHaveLength(3);
    const ids = inbox.map((m) => rawHeader(m.raw, 'Message-ID'));
    expect(new Set(ids).size).toBe(ids.length);
    await page.context().close();
  }, 120_000);
});
