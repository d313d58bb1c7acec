import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { allowedActions, failureMessage, failureText } from './order-api';

describe('order actions', () => {
  it('offers the status changes the order service allows', () => {
    expect(allowedActions({ status: 'open', isDelivery: false })).toEqual(['confirm', 'reject', 'cancel']);
    expect(allowedActions({ status: 'confirmed', isDelivery: true })).toEqual([
      'in-delivery',
      'completed',
      'reject',
      'cancel',
    ]);
    // takeaway and dine-in: 'Abholbereit' lights up the customer's step of that name
    expect(allowedActions({ status: 'confirmed', isDelivery: false })).toEqual([
      'ready-for-pickup',
      'completed',
      'reject',
      'cancel',
    ]);
    expect(allowedActions({ status: 'inDelivery', isDelivery: true })).toEqual(['completed', 'cancel']);
    expect(allowedActions({ status: 'readyForPickup', isDelivery: false })).toEqual(['completed', 'cancel']);
    expect(allowedActions({ status: 'completed', isDelivery: false })).toEqual([]);
  });

  it("uses the error texts of backoffice-platform.md §8, followed by the server's reason", () => {
    expect(failureText('cancel')).toBe('Bestellung konnte nicht storniert werden.');
    expect(failureText('confirm')).toBe('Bestellstatus konnte nicht geändert werden.');
    expect(failureText('print')).toBe('Beleg konnte nicht gedruckt werden.');
    expect(failureText('paymentCheck')).toBe('Zahlungsstatus konnte nicht überprüft werden.');
    expect(failureText('email')).toBe('Bestätigung konnte nicht versendet werden.');
    expect(failureText('item')).toBe('Bestellung konnte nicht aktualisiert werden.');
    const conflict = new ApiError(409, 'CONFLICT', 'Die Bestellung kann im aktuellen Status nicht bestätigt werden.', [
      { field: null, message: 'Die Bestellung kann im aktuellen Status nicht bestätigt werden.' },
    ]);
    expect(failureMessage('confirm', conflict)).toBe(
      'Bestellstatus konnte nicht geändert werden. Die Bestellung kann im aktuellen Status nicht bestätigt werden.',
    );
    expect(failureMessage('confirm', new Error('offline'))).toBe('Bestellstatus konnte nicht geändert werden.');
  });
});
