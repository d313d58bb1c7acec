import { branch, rule, WEEK_RULES } from '../../test/fixtures.js';
import { openingHoursRowText, openingHoursTable, simplifyOpeningHours } from './simplified.js';

describe('§3 "simplified into rows with days, isRange, isClosed, hours[from,to]"', () => {
  it('groups consecutive days with the same hours', () => {
    expect(simplifyOpeningHours(WEEK_RULES)).toEqual([
      {
        days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
        isRange: true,
        isClosed: false,
        hours: [['10:00', '22:00']],
      },
      { days: ['saturday'], isRange: false, isClosed: false, hours: [['10:00', '14:00']] },
      { days: ['sunday'], isRange: false, isClosed: true, hours: [] },
    ]);
  });

  it('keeps several ranges per day and does not group non-consecutive days', () => {
    const rows = simplifyOpeningHours([
      rule('monday', '10:00', '14:00'),
      rule('monday', '17:00', '22:00'),
      rule('wednesday', '10:00', '14:00'),
      rule('wednesday', '17:00', '22:00'),
    ]);
    expect(rows.map((r) => r.days)).toEqual([
      ['monday'],
      ['tuesday'],
      ['wednesday'],
      ['thursday', 'friday', 'saturday', 'sunday'],
    ]);
    expect(rows[0]!.hours).toEqual([
      ['10:00', '14:00'],
      ['17:00', '22:00'],
    ]);
    expect(rows[3]!.isClosed).toBe(true);
  });

  it('§2.4 "Rows are a day or day range with time ranges or \'Geschlossen\'."', () => {
    const [weekdays, saturday, sunday] = simplifyOpeningHours(WEEK_RULES);
    expect(openingHoursRowText(weekdays!)).toEqual({ days: 'Montag - Freitag', hours: '10:00 - 22:00' });
    expect(openingHoursRowText(saturday!)).toEqual({ days: 'Samstag', hours: '10:00 - 14:00' });
    expect(openingHoursRowText(sunday!)).toEqual({ days: 'Sonntag', hours: 'Geschlossen' });
  });
});

describe("§2.4 \"an opening-hours table headed 'Öffnungszeiten', or 'Lieferzeiten' when toggled. When isDeliveryHoursEnabled a toggle button reads 'Lieferzeiten anzeigen' or 'Öffnungszeiten anzeigen'.\"", () => {
  const deliveryHours = [rule('daily', '17:00', '21:00')];
  it('without delivery hours: no toggle', () => {
    const table = openingHoursTable(
      branch({ openingHours: WEEK_RULES, deliveryHours, isDeliveryHoursEnabled: false }),
      true,
    );
    expect(table.heading).toBe('Öffnungszeiten');
    expect(table.toggleLabel).toBeNull();
  });
  it('with delivery hours: toggles between both tables', () => {
    const b = branch({ openingHours: WEEK_RULES, deliveryHours, isDeliveryHoursEnabled: true });
    expect(openingHoursTable(b)).toMatchObject({ heading: 'Öffnungszeiten', toggleLabel: 'Lieferzeiten anzeigen' });
    const delivery = openingHoursTable(b, true);
    expect(delivery).toMatchObject({ heading: 'Lieferzeiten', toggleLabel: 'Öffnungszeiten anzeigen' });
    expect(delivery.rows).toEqual([
      {
        days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        isRange: true,
        isClosed: false,
        hours: [['17:00', '21:00']],
      },
    ]);
  });
});
