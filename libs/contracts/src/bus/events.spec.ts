import {
  EVENT_SCHEMAS,
  parseStreamEvent,
  STREAMS,
  subjectMatches,
  UPLOADS_BUCKET,
  type EventName,
  type StreamDefinition,
  type StreamKey,
} from './events.js';

const streamsOf = (name: string) =>
  (Object.keys(STREAMS) as StreamKey[]).filter((k) => STREAMS[k].subjects.some((p) => subjectMatches(p, name)));

describe('event map and streams', () => {
  it('captures every event in exactly one stream, so no event is published where nobody keeps it', () => {
    for (const name of Object.keys(EVENT_SCHEMAS)) expect([name, streamsOf(name).length]).toEqual([name, 1]);
  });

  it('names CRUD entity events after the registry: service.entity.verb', () => {
    const names = Object.keys(EVENT_SCHEMAS) as EventName[];
    expect(names).toEqual(
      expect.arrayContaining(['catalogue.product.created', 'identity.external-user.deleted', 'order.device.updated']),
    );
  });

  it("hands a consumer only its stream's events with a payload its schema accepts", () => {
    const settled = {
      paymentId: 1,
      orderId: 2,
      provider: 'mollie',
      providerPaymentId: 'tr_1',
      status: 'paid',
      at: '2026-11-24T10:00:00Z',
    };
    expect(parseStreamEvent('payment', 'payment.payment.settled', settled)).toEqual({
      name: 'payment.payment.settled',
      payload: settled,
    });
    expect(parseStreamEvent('payment', 'payment.payment.settled', { ...settled, status: 'open' })).toBeNull();
    expect(parseStreamEvent('jobs', 'payment.payment.settled', settled)).toBeNull();
    expect(parseStreamEvent('catalogue', 'catalogue.nothing.created', {})).toBeNull();
  });

  it('bounds every stream, so no stream can fill the store and stop the others', () => {
    const defs: StreamDefinition[] = Object.values(STREAMS);
    for (const def of defs) {
      expect([def.name, def.limits.maxBytes > 0, def.limits.maxAgeMs > 0]).toEqual([def.name, true, true]);
    }
    // every copy of every stream reserves its limit in its server's store: 8 GB in deploy/k8s, a quarter left
    const total = defs.reduce((sum, def) => sum + def.limits.maxBytes, UPLOADS_BUCKET.maxBytes);
    expect(total).toBeLessThanOrEqual(0.75 * 8e9);
  });

  it("hands a moved subject's messages stored before the move to the old stream's consumers too", () => {
    const batch = { batchId: 'b1', events: [], receivedAt: '2026-11-24T10:00:00Z' };
    const defs: StreamDefinition[] = Object.values(STREAMS);
    // a former subject is now captured by exactly one other stream: moved, not dropped
    for (const def of defs)
      for (const subject of def.formerSubjects ?? []) {
        expect([subject, streamsOf(subject).filter((k) => STREAMS[k].name !== def.name).length]).toEqual([subject, 1]);
      }
    expect(streamsOf('gateway.analytics.received')).toEqual(['analytics']);
    expect(parseStreamEvent('analytics', 'gateway.analytics.received', batch)).toEqual({
      name: 'gateway.analytics.received',
      payload: batch,
    });
    expect(parseStreamEvent('gateway', 'gateway.analytics.received', batch)?.name).toBe('gateway.analytics.received');
    expect(parseStreamEvent('analytics', 'gateway.error.occurred', {})).toBeNull();
  });

  it('matches NATS wildcards as the server does', () => {
    expect(subjectMatches('catalogue.*.created', 'catalogue.product.created')).toBe(true);
    expect(subjectMatches('catalogue.*.created', 'catalogue.product.updated')).toBe(false);
    expect(subjectMatches('catalogue.>', 'catalogue.product.created')).toBe(true);
    expect(subjectMatches('catalogue.*', 'catalogue.product.created')).toBe(false);
  });
});
