// The printer step: a CloudPRNT printer registered for the order's branch prints its receipt.
import { admin } from './admin.mjs';
import { saveState } from './context.mjs';
import { Browser, expectStatus, said, sleep } from './http.mjs';
import { ensureOrder } from './order.mjs';

/** A Star CloudPRNT printer (tests/support/printers.ts): poll, GET the job in a media type, DELETE to confirm. */
class CloudPrntPrinter {
  constructor(browser, identifier, apiKey) {
    this.browser = browser;
    this.auth = `Basic ${Buffer.from(`${identifier}:${apiKey}`).toString('base64')}`;
    this.mac = '00:11:62:4a:4f:55';
  }
  async poll() {
    const res = await this.browser.request('POST', '/api/printers/cloudprnt', {
      headers: { authorization: this.auth, 'content-type': 'application/json' },
      raw: JSON.stringify({
        status: '23 6 0 0 0 0 0 0 0 ',
        printerMAC: this.mac,
        statusCode: '200%20OK',
        printingInProgress: false,
      }),
    });
    if (res.status !== 200) throw new Error(`CloudPRNT poll: ${said(res)}`);
    return res.json;
  }
  async job(token, type) {
    const q = new URLSearchParams({ uid: this.mac, type, mac: this.mac, token });
    return this.browser.request('GET', `/api/printers/cloudprnt?${q}`, { headers: { authorization: this.auth } });
  }
  async confirm(token, code) {
    const q = new URLSearchParams({ code, mac: this.mac, token });
    return this.browser.request('DELETE', `/api/printers/cloudprnt?${q}`, { headers: { authorization: this.auth } });
  }
}

/**
 * The order goes to the branch's printers as staff send it: confirmed on the board where the branch prints on
 * confirmation (once a run), else with the board's print button. Answers the note for the step.
 */
async function sendToPrinters(browser, order, branch) {
  if (branch.printOn === 'confirmed' && !order.confirmedByJourney) {
    const confirmed = expectStatus(
      await browser.post(`/api/orders/${order.id}/status/confirm`),
      200,
      'confirming the order',
    );
    order.confirmedByJourney = true;
    return `order ${order.id} confirmed on the board (status ${confirmed.status}; the branch prints on confirmation)`;
  }
  expectStatus(await browser.post(`/api/orders/${order.id}/print`), 202, 'the board print button');
  return `order ${order.id} sent to the printers with the board's print button (the branch prints on ${branch.printOn})`;
}

/**
 * 5. The administrator registers a CloudPRNT printer for the order's branch (as the back office's device form
 * does), confirms the order on the board (or, where the branch prints at creation, prints it with the board's
 * print button), and the printer, polling, fetches the receipt, prints it and confirms; staff then see 'printed'.
 * The printer is removed again at the end (a printer that never polls again would stay "offline").
 */
export async function stepPrinter(ctx) {
  const order = ensureOrder(ctx);
  const browser = await admin(ctx);
  const branch = expectStatus(await browser.get(`/api/branches/${order.branch}`), 200, 'GET /api/branches/:id');
  const identifier = `journey-${ctx.run}`;
  const device = expectStatus(
    await browser.post('/api/devices', {
      identifier,
      name: `Journey-Drucker ${ctx.run}`,
      type: 'printer',
      protocol: 'cloudprnt',
      printFormat: 'star',
      pollIntervalSeconds: 2,
      branch: order.branch,
    }),
    201,
    'POST /api/devices',
  );
  if (!device.apiKey) throw new Error('the new device has no API key in the answer');
  const notes = [`printer ${identifier} (device ${device.id}) registered for ${branch.name}`];
  try {
    const printer = new CloudPrntPrinter(new Browser(ctx.s.baseUrl, '192.0.2.30'), identifier, device.apiKey);
    const first = await printer.poll();
    if (first.jobReady) throw new Error('a brand-new printer had a job before anything was printed');
    notes.push(await sendToPrinters(browser, order, branch));
    const queuedAt = Date.now();
    let poll;
    for (poll = await printer.poll(); !poll.jobReady; poll = await printer.poll()) {
      if (Date.now() - queuedAt > 30_000) throw new Error('no job for the printer within 30 s');
      await sleep(500);
    }
    const type = 'application/vnd.star.line';
    if (!poll.mediaTypes?.includes(type)) throw new Error(`the job offers ${poll.mediaTypes}, not ${type}`);
    const job = await printer.job(poll.jobToken, type);
    const fetchedMs = Date.now() - queuedAt;
    if (job.status !== 200) throw new Error(`job GET: ${said(job)}`);
    if (job.headers.get('content-type') !== type)
      throw new Error(`job GET answered ${job.headers.get('content-type')}`);
    if (job.bytes.length === 0) throw new Error('the receipt is empty');
    // the order's number as the shop shows it (libs/i18n-de orderMessages.ticket / orderNumber), and the
    // customer's comment, which names this run
    const text = job.bytes.toString('latin1');
    const label = new RegExp(`(Ticket|Bestellnummer) ${order.ticketNumber}(?!\\d)`);
    if (!label.test(text))
      throw new Error(`the receipt (${job.bytes.length} bytes) does not name ticket ${order.ticketNumber}`);
    if (order.comment && !text.includes(order.comment))
      throw new Error(`the receipt does not show the customer's comment "${order.comment}"`);
    const confirmed = await printer.confirm(poll.jobToken, '200 OK');
    if (confirmed.status !== 200) throw new Error(`job DELETE (printed): ${said(confirmed)}`);
    let receipt;
    for (const until = Date.now() + 10_000; Date.now() < until; await sleep(300)) {
      receipt = expectStatus(await browser.get(`/api/orders/${order.id}`), 200, 'GET /api/orders/:id').receipt;
      if (receipt === 'printed') break;
    }
    if (receipt !== 'printed') throw new Error(`staff see the receipt as ${receipt}, not printed`);
    const after = await printer.poll();
    if (after.jobReady) throw new Error('the printed job is still offered');
    notes.push(
      `job fetched ${fetchedMs} ms after the order went to the printers: ${job.bytes.length} bytes of ${type} with "${text.match(label)[0]}" and the customer's comment; confirmed 200 OK, staff see "printed"`,
    );
  } finally {
    const removed = await browser.delete(`/api/devices/${device.id}`);
    if (removed.status >= 300) notes.push(`(the printer could not be removed: ${said(removed)})`);
  }
  saveState(ctx);
  return notes;
}
