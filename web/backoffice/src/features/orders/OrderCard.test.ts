import { describe, expect, it } from 'vitest';
import { amountLabel, paymentLabel } from './OrderCard';

describe('order facts in German', () => {
  it('names the payment method and its state', () => {
    expect(paymentLabel({ paymentMethod: 'cash', isPaid: false, isRefunded: false })).toBe('Barzahlung, nicht bezahlt');
    expect(paymentLabel({ paymentMethod: 'atm-card', isPaid: true, isRefunded: false })).toBe('Bankomatkarte, bezahlt');
    expect(paymentLabel({ paymentMethod: 'hydro-ag-voucher', isPaid: true, isRefunded: false })).toBe(
      'Hydro-AG-Gutschein, bezahlt',
    );
    expect(paymentLabel({ paymentMethod: 'mollie', isPaid: true, isRefunded: true })).toMatch(/^Mollie, /);
  });

  it('writes amounts with a decimal comma and the unit', () => {
    expect(amountLabel({ amount: 2.5, unit: 'piece' })).toBe('2,5 Stk.');
    expect(amountLabel({ amount: 0.25, unit: 'kilogram' })).toBe('0,25 kg');
    expect(amountLabel({ amount: 1500, unit: 'gram' })).toBe('1.500 g');
  });
});
