import {
  isAwaitingPayment,
  isOrderFinal,
  orderStage,
  orderStatusLabel,
  orderTimeline,
  showCounterProposal,
  showRatingPrompt,
  ticketLabel,
  type PublicOrderLike,
} from './order-status.js';

const order = (extra: Partial<PublicOrderLike> = {}): PublicOrderLike => ({
  isConfirmed: false,
  isRejected: false,
  isInDelivery: false,
  isDelivered: false,
  isCompleted: false,
  isCanceled: false,
  isFailed: false,
  isDelivery: false,
  paymentMethod: 'cash',
  isPaid: false,
  counterAppointment: null,
  questionnaireRating: null,
  ...extra,
});

describe('§4 Order lifecycle as shown to the customer', () => {
  it('"1. Awaiting confirmation (not confirmed, not rejected)."', () => {
    expect(orderStage(order())).toBe('awaitingConfirmation');
  });
  it('"For online payment with the first online provider and not yet paid, the label is \'Warten auf Zahlungseingang\'."', () => {
    expect(orderStatusLabel(order({ paymentMethod: 'mollie' }))).toBe('Warten auf Zahlungseingang');
    expect(orderStatusLabel(order({ paymentMethod: 'mollie', isPaid: true }))).not.toBe('Warten auf Zahlungseingang');
    expect(orderStatusLabel(order({ paymentMethod: 'datatrans' }))).not.toBe('Warten auf Zahlungseingang');
    expect(isAwaitingPayment({ paymentMethod: 'mollie', isPaid: false })).toBe(true);
  });
  it('"2. Confirmed, being prepared (\'Wird bearbeitet\')."', () => {
    expect(orderStage(order({ isConfirmed: true }))).toBe('inProgress');
    expect(orderStatusLabel(order({ isConfirmed: true }))).toBe('Wird bearbeitet');
  });
  it('"3. In delivery (delivery orders) or ready for pickup (takeaway, dine-in). 4. Delivered (delivery only). 5. Completed."', () => {
    expect(orderStage(order({ isConfirmed: true, isInDelivery: true, isDelivery: true }))).toBe('inDelivery');
    expect(orderStage(order({ isConfirmed: true, isInDelivery: true }))).toBe('readyForPickup');
    expect(orderStage(order({ isConfirmed: true, isDelivered: true, isDelivery: true }))).toBe('delivered');
    expect(orderStage(order({ isConfirmed: true, isDelivered: true, isInDelivery: true, isDelivery: false }))).toBe(
      'readyForPickup',
    );
    expect(orderStage(order({ isConfirmed: true, isCompleted: true }))).toBe('completed');
  });
  it("staff's 'Abholbereit' (isReadyForPickup) lights up the takeaway and dine-in step 'Abholbereit'", () => {
    const ready = order({ isConfirmed: true, isReadyForPickup: true });
    expect(orderStage(ready)).toBe('readyForPickup');
    expect(orderStatusLabel(ready)).toBe('Abholbereit');
    expect(orderTimeline(ready).map((s) => [s.stage, s.isDone, s.isCurrent])).toEqual([
      ['awaitingConfirmation', true, false],
      ['inProgress', true, false],
      ['readyForPickup', true, true],
      ['completed', false, false],
    ]);
    expect(orderStage(order({ isConfirmed: true, isReadyForPickup: true, isCompleted: true }))).toBe('completed');
  });
  it('"6. Rejected or cancelled (\'Storniert\')."', () => {
    expect(orderStatusLabel(order({ isRejected: true }))).toBe('Storniert');
    expect(orderStatusLabel(order({ isCanceled: true, isConfirmed: true }))).toBe('Storniert');
    expect(orderStage(order({ isFailed: true }))).toBe('canceled');
  });
});

describe('§2.8 "Timeline: awaiting confirmation, confirmed, being prepared, ready or delivered, completed. A cancelled order shows \'Bestellung storniert\'."', () => {
  it('takeaway timeline', () => {
    const steps = orderTimeline(order({ isConfirmed: true }));
    expect(steps.map((s) => s.stage)).toEqual(['awaitingConfirmation', 'inProgress', 'readyForPickup', 'completed']);
    expect(steps.map((s) => [s.isDone, s.isCurrent])).toEqual([
      [true, false],
      [true, true],
      [false, false],
      [false, false],
    ]);
    expect(steps[1]!.label).toBe('Wird bearbeitet');
  });
  it('delivery timeline includes delivered', () => {
    expect(orderTimeline(order({ isDelivery: true })).map((s) => s.stage)).toEqual([
      'awaitingConfirmation',
      'inProgress',
      'inDelivery',
      'delivered',
      'completed',
    ]);
    expect(orderTimeline(order({ isDelivery: true, paymentMethod: 'mollie' }))[0]!.label).toBe(
      'Warten auf Zahlungseingang',
    );
  });
  it('cancelled: "Bestellung storniert"', () => {
    expect(orderTimeline(order({ isCanceled: true }))).toEqual([
      { stage: 'canceled', label: 'Bestellung storniert', isDone: true, isCurrent: true },
    ]);
  });
  it("\"Ticket number labelled 'Ticket', or 'Bestellnummer' when tickets are disabled.\"", () => {
    expect(ticketLabel(false)).toBe('Ticket');
    expect(ticketLabel(true)).toBe('Bestellnummer');
  });
});

describe('§4 polling, counter-proposal and rating prompt', () => {
  it('"polled every 10 seconds until the order is completed, rejected, canceled or failed"', () => {
    expect(isOrderFinal(order())).toBe(false);
    expect(isOrderFinal(order({ isCompleted: true }))).toBe(true);
    expect(isOrderFinal(order({ isRejected: true }))).toBe(true);
    expect(isOrderFinal(order({ isCanceled: true }))).toBe(true);
    expect(isOrderFinal(order({ isFailed: true }))).toBe(true);
  });
  it('"Counter-proposal: shown while the order is neither confirmed nor rejected."', () => {
    expect(showCounterProposal(order({ counterAppointment: '2026-03-30T12:00:00Z' }))).toBe(true);
    expect(showCounterProposal(order({ counterAppointment: '2026-03-30T12:00:00Z', isConfirmed: true }))).toBe(false);
    expect(showCounterProposal(order({ counterAppointment: '2026-03-30T12:00:00Z', isRejected: true }))).toBe(false);
    expect(showCounterProposal(order())).toBe(false);
  });
  it('"Rating prompt shows only when the reviews plugin is on, the order is completed, no rating exists, and the user has not dismissed the prompt."', () => {
    const done = order({ isCompleted: true });
    expect(showRatingPrompt({ reviewsPluginEnabled: true, order: done, dismissed: false })).toBe(true);
    expect(showRatingPrompt({ reviewsPluginEnabled: false, order: done, dismissed: false })).toBe(false);
    expect(showRatingPrompt({ reviewsPluginEnabled: true, order: order(), dismissed: false })).toBe(false);
    expect(
      showRatingPrompt({ reviewsPluginEnabled: true, order: { ...done, questionnaireRating: 4 }, dismissed: false }),
    ).toBe(false);
    expect(showRatingPrompt({ reviewsPluginEnabled: true, order: done, dismissed: true })).toBe(false);
  });
});
