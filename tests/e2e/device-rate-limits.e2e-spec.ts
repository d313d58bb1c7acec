import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const LIMIT = 4;
const BURST = LIMIT + 3;
const TOO_MANY = /^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Sekunden erneut\.$/;
const basic = (identifier: string, key: string) => `Basic ${Buffer.from(`${identifier}:${key}`).toString('base64')}`;

/**
 * Issue 37, item 7: the machines' routes have their own rate limits (they are left out of the per-address write
 * limit): signage players and printers per device and client address, the payment webhooks per provider and
 * client address. Past the limit a request gets the German 429 with Retry-After; another device or provider keeps
 * its own count.
 */
describe('rate limits of players, printers and payment webhooks', () => {
  let stack: Stack;
  let admin: StaffClient;
  let branch: number;

  beforeAll(async () => {
    stack = await startStack('device-limits', {
      RATE_LIMIT_PLAYER_PER_MINUTE: String(LIMIT),
      RATE_LIMIT_PRINTER_PER_MINUTE: String(LIMIT),
      RATE_LIMIT_WEBHOOK_PER_MINUTE: String(LIMIT),
    });
    await stack.seed();
    admin = await login(stack, ADMIN);
    branch = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data.id;
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  /** The requests built first, then sent in the same tick: the answers' statuses in order, and the 429s. */
  async function burst(send: () => Promise<Response>): Promise<{ statuses: number[]; limited: Response[] }> {
    const sends = Array.from({ length: BURST }, () => send);
    const answers = await Promise.all(sends.map((s) => s()));
    return { statuses: answers.map((a) => a.status).sort(), limited: answers.filter((a) => a.status === 429) };
  }

  async function expectGerman429(limited: Response[]) {
    expect(limited).toHaveLength(BURST - LIMIT);
    for (const res of limited) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe('TOO_MANY_REQUESTS');
      expect(body.message).toMatch(TOO_MANY);
    }
  }

  it('limits a signage player per device; another TV keeps its own count', async () => {
    const tv = async (identifier: string) =>
      (await admin.post('/api/digital-signage-devices', { identifier, name: identifier, branch }).expect(201)).body
        .data as { identifier: string; key: string };
    const [first, second] = [await tv('tv-limit-1'), await tv('tv-limit-2')];
    const schedule = (d: { identifier: string; key: string }) => () =>
      fetch(`${stack.baseUrl}/api/digital-signage-player/schedule`, {
        headers: { authorization: basic(d.identifier, d.key) },
      });
    const { statuses, limited } = await burst(schedule(first));
    expect(statuses).toEqual([...Array(LIMIT).fill(200), ...Array(BURST - LIMIT).fill(429)]);
    await expectGerman429(limited);
    expect((await schedule(second)()).status).toBe(200);
  });

  it('limits a printer per device; another printer keeps its own count', async () => {
    const printer = async (identifier: string) =>
      (
        await admin
          .post('/api/devices', {
            identifier,
            name: identifier,
            type: 'printer',
            protocol: 'cloudprnt',
            printFormat: 'star',
            pollIntervalSeconds: 2,
            branch,
          })
          .expect(201)
      ).body.data as { identifier: string; apiKey: string };
    const [first, second] = [await printer('star-limit-1'), await printer('star-limit-2')];
    const poll = (d: { identifier: string; apiKey: string }) => () =>
      fetch(`${stack.baseUrl}/api/printers/cloudprnt`, {
        method: 'POST',
        headers: { authorization: basic(d.identifier, d.apiKey), 'content-type': 'application/json' },
        body: JSON.stringify({ statusCode: '200%20OK', printerMAC: '00:11:62:12:34:56' }),
      });
    const { statuses, limited } = await burst(poll(first));
    expect(statuses).toEqual([...Array(LIMIT).fill(200), ...Array(BURST - LIMIT).fill(429)]);
    await expectGerman429(limited);
    expect((await poll(second)()).status).toBe(200);
  });

  it('limits each payment webhook per provider and client address', async () => {
    // Mollie's webhook without a payment id is answered 200 and changes nothing
    const mollie = () => fetch(`${stack.baseUrl}/api/payments/mollie/webhook`, { method: 'POST', body: '' });
    // Datatrans' with a signature that does not verify is answered 401
    const datatrans = () =>
      fetch(`${stack.baseUrl}/api/payments/datatrans/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'datatrans-signature': 't=1,s0=00' },
        body: '{}',
      });
    const fromMollie = await burst(mollie);
    expect(fromMollie.statuses).toEqual([...Array(LIMIT).fill(200), ...Array(BURST - LIMIT).fill(429)]);
    await expectGerman429(fromMollie.limited);
    // the other provider is not limited by Mollie's count
    const fromDatatrans = await burst(datatrans);
    expect(fromDatatrans.statuses).toEqual([...Array(LIMIT).fill(401), ...Array(BURST - LIMIT).fill(429)]);
    await expectGerman429(fromDatatrans.limited);
  });
});
