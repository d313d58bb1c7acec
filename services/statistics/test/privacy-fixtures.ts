import type { AnalyticsReceivedEvent, PrivacyFindRequest } from '@shop/contracts';
import { privacySubject } from '@shop/server';
import type { DataSource } from 'typeorm';
import { LogService } from '../src/logs/log.service.js';
import { orderCreated, type statisticsKit } from './statistics-fixtures.js';

/** The customer of the privacy specs (issue 44), as the identity service asks for them. */
export const ANNA = { email: 'anna.berger@example.at', phone: '+43 664 1234567', name: 'Anna Berger' };
export const annaRequest = (): PrivacyFindRequest => ({
  subject: privacySubject({ email: ANNA.email, phone: '0664 1234567' }),
  orderIds: [901],
  names: [ANNA.name],
});

let n = 0;
const batch = (visitorId: string, events: AnalyticsReceivedEvent['events']): AnalyticsReceivedEvent => ({
  batchId: `00000000-0000-4000-9000-${(++n).toString(16).padStart(12, '0')}`,
  receivedAt: '2026-06-01T12:00:00Z',
  context: { visitorId, site: 'shop', page: '/kontakt', browser: 'Firefox', os: 'Linux' },
  events,
});
export const view = (path: string, at: string) => ({
  type: 'pageview',
  action: path,
  category: null,
  data: { path },
  occurredAt: at,
});

/**
 * What the statistics service may hold of a customer from before issue 44's write-time redaction: log entries whose
 * provider answer or failure message names them, analytics events whose text carries their address, number or name
 * (a crafted or buggy client: the storefront sends none), and their orders (amounts only). Beside them another
 * customer's and nobody's entries.
 */
export async function seedCustomerData(ds: DataSource, kit: ReturnType<typeof statisticsKit>): Promise<void> {
  const logs = new LogService(ds);
  const entry = (eventKey: string, message: string, context: Record<string, unknown>) =>
    logs.record({
      eventKey,
      level: 'error',
      source: 'workers',
      code: 'JOB_FAILED',
      message,
      context,
      createdAt: new Date('2026-06-01T09:00:00Z'),
    });
  await entry('job-failed:email-901-created', `E-Mail-Auftrag fehlgeschlagen: 550 <${ANNA.email}> rejected`, {
    jobId: 'email-901-created',
    orderId: 901,
    reason: `550 <${ANNA.email}> rejected`,
  });
  await entry('job-failed:sms-901-created', 'SMS-Auftrag fehlgeschlagen', {
    orderId: 901,
    reason: 'provider: number 0664/123 45 67 unknown',
  });
  await entry('gateway-error:x:1', 'Unerwarteter Fehler bei POST /api/custom/form/:id', {
    detail: `value "Anna  Berger" too long`,
    errorIds: ['e-1'],
  });
  // an order id alone is no personal data; another customer's entry stays as it is
  await entry('job-failed:print-901-created', 'Druckauftrag print-901-created fehlgeschlagen', { orderId: 901 });
  await entry('job-failed:email-902-created', '550 <berta@example.at> rejected', { orderId: 902 });

  await kit.analytics.store(
    batch('visitor-anna', [
      view('/', '2026-06-01T10:00:00Z'),
      view(`/suche/${ANNA.email}`, '2026-06-01T10:05:00Z'),
      {
        type: 'form',
        action: 'Submit: Kontakt',
        category: 'form',
        data: { phone: ANNA.phone, name: ANNA.name },
        occurredAt: '2026-06-01T10:06:00Z',
      },
    ]),
  );
  await kit.analytics.store(
    batch('visitor-berta', [view('/', '2026-06-01T10:00:00Z'), view('/kontakt', '2026-06-01T10:02:00Z')]),
  );
  await kit.orders.apply(orderCreated(901, '2026-06-01T10:10:00Z', { totalCents: 2450 }));
  await kit.orders.apply(orderCreated(902, '2026-06-01T11:10:00Z', { totalCents: 1800 }));
}

/** The rows of every table of the statistics schema whose text holds the customer's address, number or name. */
export async function rowsNamingAnna(ds: DataSource): Promise<string[]> {
  const tables = (await ds.query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'statistics' AND table_type = 'BASE TABLE'`,
  )) as Array<{ name: string }>;
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = (await ds.query(
      `SELECT r::text AS row FROM "statistics"."${name}" AS r
       WHERE lower(r::text) LIKE '%anna%berger%' OR regexp_replace(r::text, '\\D', '', 'g') LIKE '%6641234567%'`,
    )) as Array<{ row: string }>;
    found.push(...rows.map((r) => `${name}: ${r.row}`));
  }
  return found;
}
