import { CALENDAR_WEEKDAYS, isoWeek, monthCalendar } from './calendar.js';

describe('§2.7 "Date picker: month calendar with ISO week numbers and weekdays Mo to So"', () => {
  it('weekday headings Mo to So', () => {
    expect(CALENDAR_WEEKDAYS).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
  });

  it('ISO week numbers, including year boundaries', () => {
    expect(isoWeek('2026-01-01')).toBe(1);
    expect(isoWeek('2026-03-30')).toBe(14);
    expect(isoWeek('2026-12-31')).toBe(53);
    expect(isoWeek('2027-01-03')).toBe(53);
    expect(isoWeek('2027-01-04')).toBe(1);
    expect(isoWeek('2024-12-30')).toBe(1);
  });

  it('weeks of a month, Monday first, days outside the month empty', () => {
    const march = monthCalendar(2026, 3);
    expect(march).toHaveLength(6);
    expect(march[0]).toEqual({ week: 9, days: [null, null, null, null, null, null, '2026-03-01'] });
    expect(march[5]).toEqual({ week: 14, days: ['2026-03-30', '2026-03-31', null, null, null, null, null] });
    const feb2027 = monthCalendar(2027, 2);
    expect(feb2027).toHaveLength(4);
    expect(feb2027[0]!.days[0]).toBe('2027-02-01');
  });
});
