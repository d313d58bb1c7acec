import fc from 'fast-check';
import { branch, config, rule, WEEK_RULES } from '../../test/fixtures.js';
import { appointmentMessage, appointmentRules } from './appointment.js';
import { COUNTRY_CHOICES, DEFAULT_COUNTRY, missingCheckoutFields, requiredCheckoutFields } from './fields.js';
import {
  availablePaymentMethods,
  defaultPaymentMethod,
  initialPaymentMethod,
  ONLINE_PAYMENT_METHODS,
} from './payment.js';
import { filterPhoneInput, normalizePhone, phoneMessage } from './phone.js';

describe('§5 Checkout fields: "Email, phone and address are required according to the per-order-type branch flags."', () => {
  it('uses the schema defaults: delivery needs e-mail, phone, address and area; takeaway e-mail and phone; dine-in only names', () => {
    const b = branch();
    expect(requiredCheckoutFields(b, 'delivery')).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'street',
      'zipCode',
      'city',
      'country',
      'deliveryArea',
    ]);
    expect(requiredCheckoutFields(b, 'takeaway')).toEqual(['firstName', 'lastName', 'email', 'phone']);
    expect(requiredCheckoutFields(b, 'dineIn')).toEqual(['firstName', 'lastName']);
  });

  it('follows each flag', () => {
    const b = branch({
      isTakeawayEmailRequired: false,
      isTakeawayPhoneRequired: false,
      isTakeawayAddressRequired: true,
      isDineInPhoneRequired: true,
      isDeliveryEmailRequired: false,
    });
    expect(requiredCheckoutFields(b, 'takeaway')).toEqual([
      'firstName',
      'lastName',
      'street',
      'zipCode',
      'city',
      'country',
    ]);
    expect(requiredCheckoutFields(b, 'dineIn')).toEqual(['firstName', 'lastName', 'phone']);
    expect(requiredCheckoutFields(b, 'delivery')).not.toContain('email');
  });

  it('"Table required for dine-in with table selection."', () => {
    expect(
      requiredCheckoutFields(
        branch({ isTableSelectionEnabled: true, isDineInEmailRequired: true, isDineInAddressRequired: true }),
        'dineIn',
      ),
    ).toEqual(['firstName', 'lastName', 'email', 'street', 'zipCode', 'city', 'country', 'table']);
    expect(requiredCheckoutFields(branch({ isTableSelectionEnabled: true }), 'takeaway')).not.toContain('table');
  });

  it('lists the required fields left empty', () => {
    expect(
      missingCheckoutFields(branch(), 'takeaway', { firstName: 'Anna', lastName: ' ', email: null, phone: '+43 1' }),
    ).toEqual(['lastName', 'email']);
  });

  it('"Country choices: DE, LI, AT (default), CH."', () => {
    expect(COUNTRY_CHOICES).toEqual(['DE', 'LI', 'AT', 'CH']);
    expect(DEFAULT_COUNTRY).toBe('AT');
  });
});

describe('§5 Phone: "on input only digits, plus and spaces are kept; on change only plus and digits are kept and a leading 00 becomes +"', () => {
  it('filters on input', () => {
    expect(filterPhoneInput('+43 (664) 123-45a')).toBe('+43 664 12345');
  });
  it('normalises on change', () => {
    expect(normalizePhone('0043 664 1234567')).toBe('+436641234567');
    expect(normalizePhone('+43 664/123')).toBe('+43664123');
    expect(normalizePhone('0664 123')).toBe('0664123');
  });
  it('"If it does not start with +: \'Bitte geben Sie eine gültige Nummer im Format {phone} an.\'"', () => {
    expect(phoneMessage('0664 123', '+43 664 1234567')).toBe(
      'Bitte geben Sie eine gültige Nummer im Format +43 664 1234567 an.',
    );
    expect(phoneMessage('0043 664 123', '+43 664 1234567')).toBeNull();
    expect(phoneMessage('', '+43 664 1234567')).toBeNull();
  });
  it('property: the changed value only holds + and digits, + only at the start after 00', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const phone = normalizePhone(s);
        expect(phone).toMatch(/^[+0-9]*$/);
        expect(phone.startsWith('00')).toBe(false);
        expect(filterPhoneInput(s)).toMatch(/^[+0-9 ]*$/);
      }),
    );
  });
});

describe('§5 Appointment: "must fall within opening hours (delivery hours for delivery when enabled)"', () => {
  const b = branch({
    openingHours: WEEK_RULES,
    deliveryHours: [rule('daily', '17:00', '21:00')],
    isDeliveryHoursEnabled: true,
    isAppointmentRequired: false,
  });

  it('inside the hours: no message', () => {
    expect(
      appointmentMessage({ branch: b, deliveryMethod: 'takeaway', appointment: new Date('2026-03-30T12:00:00+02:00') }),
    ).toBeNull();
    expect(
      appointmentMessage({ branch: b, deliveryMethod: 'delivery', appointment: new Date('2026-03-30T18:00:00+02:00') }),
    ).toBeNull();
  });

  it('"else \'Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.\'"', () => {
    const closed =
      'Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.';
    expect(
      appointmentMessage({ branch: b, deliveryMethod: 'takeaway', appointment: new Date('2026-03-29T12:00:00+02:00') }),
    ).toBe(closed);
    expect(
      appointmentMessage({ branch: b, deliveryMethod: 'delivery', appointment: new Date('2026-03-30T12:00:00+02:00') }),
    ).toBe(closed);
    expect(
      appointmentMessage({
        branch: { ...b, isDeliveryHoursEnabled: false },
        deliveryMethod: 'delivery',
        appointment: new Date('2026-03-30T12:00:00+02:00'),
      }),
    ).toBeNull();
    expect(appointmentRules(b, 'dineIn')).toBe(b.openingHours);
  });

  it('"If the branch requires an appointment and none is set: \'Bitte wählen Sie einen Termin aus.\'"', () => {
    expect(
      appointmentMessage({
        branch: { ...b, isAppointmentRequired: true },
        deliveryMethod: 'takeaway',
        appointment: null,
      }),
    ).toBe('Bitte wählen Sie einen Termin aus.');
    expect(appointmentMessage({ branch: b, deliveryMethod: 'takeaway', appointment: null })).toBeNull();
  });
});

describe('§5 "Payment methods are offered only when the global enable flag, the plugin flag and the branch flag are all on."', () => {
  const allConfig = config({
    enableCash: true,
    enableATMCard: true,
    enablePluginATMCard: true,
    enableHydroAGVoucher: true,
    enablePluginHydroAGVoucher: true,
    enableMollie: true,
    enablePluginMollie: true,
    enableDatatrans: true,
    enablePluginDatatrans: true,
  });
  const allBranch = branch({
    isCashEnabled: true,
    isATMCardEnabled: true,
    isHydroAGVoucherEnabled: true,
    isMollieEnabled: true,
    isDatatransEnabled: true,
  });

  it('all flags on: every method, in §9 order', () => {
    expect(availablePaymentMethods(allConfig, allBranch)).toEqual([
      'cash',
      'atm-card',
      'hydro-ag-voucher',
      'mollie',
      'datatrans',
    ]);
  });

  it('any flag off removes the method', () => {
    expect(availablePaymentMethods({ ...allConfig, enablePluginMollie: false }, allBranch)).not.toContain('mollie');
    expect(availablePaymentMethods({ ...allConfig, enableDatatrans: false }, allBranch)).not.toContain('datatrans');
    expect(availablePaymentMethods(allConfig, { ...allBranch, isATMCardEnabled: false })).not.toContain('atm-card');
    expect(availablePaymentMethods({ ...allConfig, enablePluginHydroAGVoucher: false }, allBranch)).not.toContain(
      'hydro-ag-voucher',
    );
    expect(availablePaymentMethods({ ...allConfig, enableCash: false }, allBranch)).not.toContain('cash');
    expect(availablePaymentMethods(config(), branch())).toEqual(['cash']);
  });

  it('"Default is cash if the branch enables it, otherwise the second online provider (datatrans)."', () => {
    expect(defaultPaymentMethod({ isCashEnabled: true })).toBe('cash');
    expect(defaultPaymentMethod({ isCashEnabled: false })).toBe('datatrans');
    expect(ONLINE_PAYMENT_METHODS).toEqual(['mollie', 'datatrans']);
  });

  it("preselects the customer's offered choice, else the default when offered, else the first offered method", () => {
    expect(initialPaymentMethod(['cash', 'mollie'], { isCashEnabled: true }, 'mollie')).toBe('mollie');
    expect(initialPaymentMethod(['cash', 'mollie'], { isCashEnabled: true }, 'datatrans')).toBe('cash');
    expect(initialPaymentMethod(['cash', 'mollie'], { isCashEnabled: true })).toBe('cash');
    expect(initialPaymentMethod(['mollie', 'datatrans'], { isCashEnabled: false }, null)).toBe('datatrans');
    expect(initialPaymentMethod(['atm-card', 'mollie'], { isCashEnabled: false })).toBe('atm-card');
    expect(initialPaymentMethod([], { isCashEnabled: true }, 'cash')).toBeNull();
  });
});
