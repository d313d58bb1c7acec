import { errorFingerprint, gatewayErrorEntry, jobFailedEntry, paymentEntry, printFailedEntry } from './log-entries.js';

const at = '2026-11-20T10:15:00.000Z';

describe('system log entries from events', () => {
  it('names a finally failed job with its kind, attempts and reason, keyed by the job id', () => {
    const entry = jobFailedEntry({
      jobId: 'email-17-created',
      queue: 'email',
      orderId: 17,
      branch: 3,
      reason: 'SMTP 550',
      attempts: 8,
      at,
    });
    expect(entry).toEqual({
      eventKey: 'job-failed:email-17-created',
      level: 'error',
      source: 'workers',
      code: 'JOB_FAILED',
      message: 'Der E-Mail-Auftrag email-17-created ist nach 8 Versuchen endgültig fehlgeschlagen: SMTP 550',
      context: { jobId: 'email-17-created', queue: 'email', orderId: 17, branchId: 3, attempts: 8, reason: 'SMTP 550' },
      createdAt: new Date(at),
    });
    // a test page has no order
    expect(
      jobFailedEntry({ jobId: 'print-0-test-5-x', queue: 'print', orderId: 0, branch: 3, reason: 'x', attempts: 1, at })
        .context,
    ).not.toHaveProperty('orderId');
  });

  it("keeps a provider's answer naming the recipient out of the log (issue 44: redacted at write time)", () => {
    const entry = jobFailedEntry({
      jobId: 'email-18-created',
      queue: 'email',
      orderId: 18,
      branch: 3,
      reason: '550 5.1.1 <Anna.Berger@Example.at>: Recipient address rejected; SMS to +43 664 1234567 refused',
      attempts: 8,
      at,
    });
    expect(JSON.stringify(entry)).not.toMatch(/Anna\.Berger|664 1234567/i);
    expect(entry.context.reason).toBe('550 5.1.1 <[E-Mail]>: Recipient address rejected; SMS to [Telefon] refused');
    const error = gatewayErrorEntry(
      {
        errorId: 'e-2',
        requestId: 'r-2',
        method: 'POST',
        path: '/api/x',
        origin: 'gateway',
        at,
        detail: 'duplicate key anna@example.at',
      },
      10,
    );
    expect(error.context.detail).toBe('duplicate key [E-Mail]');
  });

  it('names the printer of a receipt it could not print', () => {
    const entry = printFailedEntry({
      entryId: 9,
      deviceId: 4,
      deviceName: 'Küche (Star)',
      orderId: 17,
      jobKey: 'print-17-created',
      reason: '520 Paper empty',
      attempts: 3,
      at,
    });
    expect(entry.message).toBe(
      'Der Drucker „Küche (Star)“ konnte print-17-created nach 3 Versuchen nicht drucken: 520 Paper empty',
    );
    expect(entry).toMatchObject({
      eventKey: 'print-failed:9',
      level: 'error',
      source: 'order',
      code: 'PRINT_FAILED',
      context: { deviceId: 4, orderId: 17 },
    });
  });

  it('logs failed, expired and canceled payments, not paid ones', () => {
    const base = { paymentId: 5, orderId: 17, provider: 'mollie' as const, providerPaymentId: 'tr_1', at };
    expect(paymentEntry({ ...base, status: 'paid' })).toBeNull();
    expect(paymentEntry({ ...base, status: 'failed' })).toMatchObject({
      eventKey: 'payment:5',
      level: 'warning',
      code: 'PAYMENT_FAILED',
      message: 'Die Zahlung (Mollie) der Bestellung 17 ist fehlgeschlagen.',
      context: { orderId: 17, paymentId: 5, provider: 'mollie', providerPaymentId: 'tr_1', status: 'failed' },
    });
    expect(paymentEntry({ ...base, status: 'expired' })).toMatchObject({ level: 'warning', code: 'PAYMENT_EXPIRED' });
    expect(paymentEntry({ ...base, provider: 'datatrans', status: 'canceled' })).toMatchObject({
      level: 'info',
      code: 'PAYMENT_CANCELED',
      message: 'Die Zahlung (Datatrans) der Bestellung 17 wurde abgebrochen.',
    });
  });

  it('keeps the errorId of a 500 in the message and the context, keyed by its fingerprint and window', () => {
    const error = {
      errorId: 'e-1',
      requestId: 'r-1',
      method: 'GET',
      path: '/api/tags',
      origin: 'service' as const,
      detail: null,
      at,
    };
    const entry = gatewayErrorEntry(error, 10);
    expect(entry).toMatchObject({
      eventKey: `gateway-error:${errorFingerprint(error)}:${Math.floor(Date.parse(at) / 600_000)}`,
      level: 'error',
      source: 'gateway',
      code: 'INTERNAL_ERROR',
      message: 'Unerwarteter Fehler bei GET /api/tags (Fehlernummer e-1).',
      context: {
        errorId: 'e-1',
        requestId: 'r-1',
        method: 'GET',
        path: '/api/tags',
        origin: 'service',
        count: 1,
        lastSeenAt: at,
        errorIds: ['e-1'],
      },
    });
  });

  it('fingerprints a 500 by where and what, not by the ids and numbers in its message', () => {
    const base = {
      errorId: 'e-1',
      requestId: 'r-1',
      method: 'GET',
      path: '/api/x/:id',
      origin: 'gateway' as const,
      at,
    };
    const of = (detail: string | null, o: Partial<typeof base> = {}) => errorFingerprint({ ...base, ...o, detail });
    expect(of('relation "order_17" does not exist at 12')).toBe(of('relation "order_18" does not exist at 345'));
    expect(of('lost 3f2504e0-4f89-41d3-9a0c-0305e82c3301')).toBe(of('lost 9a7b1c2d-0000-4000-8000-000000000001'));
    expect(of('a')).not.toBe(of('b'));
    expect(of('a')).not.toBe(of('a', { path: '/api/y/:id' }));
    expect(of('a')).not.toBe(of('a', { method: 'POST' }));
    expect(of('a', { errorId: 'e-2', requestId: 'r-2' })).toBe(of('a'));
  });
});
