import { EVENT_SCHEMAS, parseStreamEvent, STREAMS, subjectMatches, type EventName, type StreamKey } from './events.js';

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

  it('matches NATS wildcards as the server does', () => {
    expect(subjectMatches('catalogue.*.created', 'catalogue.product.created')).toBe(true);
    expect(subjectMatches('catalogue.*.created', 'catalogue.product.updated')).toBe(false);
    expect(subjectMatches('catalogue.>', 'catalogue.product.created')).toBe(true);
    expect(subjectMatches('catalogue.*', 'catalogue.product.created')).toBe(false);
  });
});
