import fc from 'fast-check';
import { rule, WEEK_RULES } from '../../test/fixtures.js';
import {
  applyLeadTime,
  appointmentSlots,
  availableDates,
  isDateAvailable,
  lookAheadEnd,
  openingSlots,
  roundUpToMinutes,
  slotsByDay,
  stepTime,
  timePickerState,
} from './slots.js';
import { openIntervals } from './rules.js';
import { addDays, localDate, zonedParts } from './time-zone.js';

const t = (iso: string) => new Date(iso);
const VIENNA = 'Europe/Vienna';
const local = (d: Date) => {
  const p = zonedParts(d, VIENNA);
  return `${p.date} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

describe('§9 "Appointment slots are computed over 90 days ahead (assumed to be days) at 5-minute granularity"', () => {
  it('every 5 minutes of open time, from now rounded up, a slot may start until before closing', () => {
    const slots = appointmentSlots([rule('daily', '10:00', '11:00')], t('2026-03-30T10:42:10+02:00'), { days: 2 });
    expect(slots.slice(0, 3).map(local)).toEqual(['2026-03-30 10:45', '2026-03-30 10:50', '2026-03-30 10:55']);
    expect(slots.filter((s) => local(s).startsWith('2026-03-30'))).toHaveLength(3);
    expect(slots.filter((s) => local(s).startsWith('2026-03-31'))).toHaveLength(12);
    expect(slots.map(local)).not.toContain('2026-03-31 11:00');
  });

  it('covers 90 days by default', () => {
    const now = t('2026-01-05T08:00:00+01:00');
    const days = [...slotsByDay(appointmentSlots([rule('daily', '10:00', '10:05')], now)).keys()];
    expect(days[0]).toBe('2026-01-05');
    expect(days).toHaveLength(90);
    expect(days.at(-1)).toBe(addDays('2026-01-05', 89));
  });

  it('DST 2026-03-29: 01:00–04:00 local gives 2 hours of slots (24); 2026-10-25: 4 hours (48)', () => {
    const rules = [rule('daily', '01:00', '04:00')];
    const spring = slotsByDay(appointmentSlots(rules, t('2026-03-28T12:00:00Z'), { days: 2 }));
    expect(spring.get('2026-03-29')).toHaveLength(24);
    expect(spring.get('2026-03-29')!.map(local)).not.toContain('2026-03-29 02:00');
    expect(spring.get('2026-03-30')).toHaveLength(36);
    const autumn = slotsByDay(appointmentSlots(rules, t('2026-10-24T12:00:00Z'), { days: 2 }));
    expect(autumn.get('2026-10-25')).toHaveLength(48);
    expect(
      autumn
        .get('2026-10-25')!
        .map(local)
        .filter((s) => s === '2026-10-25 02:30'),
    ).toHaveLength(2);
  });

  it('DST: slots of a day shift stay on the local 5-minute grid after the change', () => {
    const spring = appointmentSlots([rule('daily', '10:00', '10:15')], t('2026-03-28T00:00:00Z'), { days: 3 });
    expect(spring.map(local)).toEqual([
      '2026-03-28 10:00',
      '2026-03-28 10:05',
      '2026-03-28 10:10',
      '2026-03-29 10:00',
      '2026-03-29 10:05',
      '2026-03-29 10:10',
      '2026-03-30 10:00',
      '2026-03-30 10:05',
      '2026-03-30 10:10',
    ]);
  });

  it('ends at the look-ahead: 1 day from 10:42 reaches 10:42 the next day', () => {
    const slots = appointmentSlots([rule('daily', '10:00', '11:00')], t('2026-03-30T10:42:10+02:00'), { days: 1 });
    expect(slots.map(local).at(-1)).toBe('2026-03-31 10:40');
  });

  it('respects a lead time', () => {
    const slots = appointmentSlots([rule('daily', '10:00', '12:00')], t('2026-03-30T10:00:00+02:00'), {
      days: 1,
      leadTime: { value: 1, unit: 'hours' },
    });
    expect(local(slots[0]!)).toBe('2026-03-30 11:00');
  });

  it('property: every slot lies inside opening hours, on the 5-minute grid, after now, in order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 12 }),
        (day, minute, openHour, hours) => {
          const now = new Date(Date.parse('2026-01-01T00:00:00Z') + day * 86_400_000 + minute * 60_000);
          const from = `${String(openHour).padStart(2, '0')}:00`;
          const to = `${String((openHour + hours) % 24).padStart(2, '0')}:00`;
          const rules = [rule('daily', from, to)];
          const slots = appointmentSlots(rules, now, { days: 3 });
          const intervals = openIntervals(
            rules,
            addDays(localDate(now, VIENNA), -1),
            addDays(localDate(now, VIENNA), 4),
            VIENNA,
          );
          const inside = (x: Date) => intervals.some((i) => i.start <= x && x < i.end);
          let previous = 0;
          const bad = slots.filter((slot) => {
            const p = zonedParts(slot, VIENNA);
            const ok =
              slot.getTime() >= now.getTime() &&
              slot.getTime() > previous &&
              p.minute % 5 === 0 &&
              p.second === 0 &&
              inside(slot);
            previous = slot.getTime();
            return !ok;
          });
          expect(bad).toEqual([]);
          // and nothing open is missed: every 5-minute mark inside an interval after now is a slot
          const expected = intervals.reduce((n, i) => {
            const from = Math.max(i.start.getTime(), Math.ceil(now.getTime() / 300_000) * 300_000);
            const to = Math.min(i.end.getTime(), lookAheadEnd(now, { value: 3, unit: 'days' }).getTime());
            return n + Math.max(0, Math.ceil((to - from) / 300_000));
          }, 0);
          expect(slots).toHaveLength(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('§9 "Opening-hours helper defaults: look-ahead 180 days or 72 hours, 15-minute steps, 15-minute gap between slots, start times rounded up to 5 minutes; lead-time units minutes, hours, days, weeks."', () => {
  it('defaults: slots of 15 minutes every 15 minutes, starts rounded up to 5 minutes', () => {
    const slots = openingSlots([rule('daily', '10:00', '11:00')], t('2026-03-30T10:02:00+02:00'), {
      lookAhead: { value: 2, unit: 'days' },
    });
    expect(slots.filter((s) => local(s).startsWith('2026-03-30')).map(local)).toEqual([
      '2026-03-30 10:05',
      '2026-03-30 10:20',
      '2026-03-30 10:35',
    ]);
    expect(slots.filter((s) => local(s).startsWith('2026-03-31')).map(local)).toEqual([
      '2026-03-31 10:00',
      '2026-03-31 10:15',
      '2026-03-31 10:30',
      '2026-03-31 10:45',
    ]);
  });

  it('look-ahead 180 days by default, or 72 hours', () => {
    const now = t('2026-01-05T08:00:00+01:00');
    const rules = [rule('daily', '10:00', '10:15')];
    expect(openingSlots(rules, now)).toHaveLength(180);
    expect(openingSlots(rules, now, { lookAhead: { value: 72, unit: 'hours' } })).toHaveLength(3);
    expect(lookAheadEnd(now, { value: 72, unit: 'hours' }).toISOString()).toBe('2026-01-08T07:00:00.000Z');
    expect(lookAheadEnd(t('2026-03-28T12:00:00+01:00'), { value: 1, unit: 'days' }).toISOString()).toBe(
      '2026-03-29T10:00:00.000Z',
    );
  });

  it('lead times in minutes, hours, days, weeks (days and weeks keep the wall clock across DST)', () => {
    const now = t('2026-03-28T12:00:00+01:00');
    expect(applyLeadTime(now, { value: 30, unit: 'minutes' }).toISOString()).toBe('2026-03-28T11:30:00.000Z');
    expect(applyLeadTime(now, { value: 2, unit: 'hours' }).toISOString()).toBe('2026-03-28T13:00:00.000Z');
    expect(applyLeadTime(now, { value: 1, unit: 'days' }).toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(applyLeadTime(now, { value: 1, unit: 'weeks' }).toISOString()).toBe('2026-04-04T10:00:00.000Z');
    expect(applyLeadTime(now, null).getTime()).toBe(now.getTime());
    expect(applyLeadTime(now, { value: 0, unit: 'days' }).getTime()).toBe(now.getTime());
  });

  it('a lead time beyond the look-ahead gives no slots; invalid options throw', () => {
    const now = t('2026-03-30T08:00:00+02:00');
    expect(
      openingSlots(WEEK_RULES, now, { lookAhead: { value: 1, unit: 'hours' }, leadTime: { value: 2, unit: 'hours' } }),
    ).toEqual([]);
    expect(() => openingSlots(WEEK_RULES, now, { gapMinutes: 0 })).toThrow(RangeError);
  });

  it('start times are rounded up to 5 minutes on the local clock', () => {
    expect(roundUpToMinutes(t('2026-03-30T10:01:30+02:00'), 5).toISOString()).toBe('2026-03-30T08:05:00.000Z');
    expect(roundUpToMinutes(t('2026-03-30T10:05:00+02:00'), 5).toISOString()).toBe('2026-03-30T08:05:00.000Z');
    expect(roundUpToMinutes(t('2026-01-01T10:50:00+05:45'), 15, 'Asia/Kathmandu').toISOString()).toBe(
      '2026-01-01T05:15:00.000Z',
    );
  });
});

describe("§2.7 time picker: \"lists the day's available windows when the chosen time lies outside them; with no slots says 'Zum ausgewählten Tag sind keine Termine verfügbar.'\"", () => {
  const rules = [rule('daily', '10:00', '12:00'), rule('daily', '17:00', '20:00')];
  const slots = appointmentSlots(rules, t('2026-03-30T08:00:00+02:00'), { days: 2 });

  it('a time inside a window is available; no windows listed', () => {
    expect(timePickerState({ slots, date: '2026-03-30', time: '10:30' })).toEqual({
      isAvailable: true,
      windows: [
        { from: '10:00', to: '12:00' },
        { from: '17:00', to: '20:00' },
      ],
      showWindows: false,
      message: null,
    });
  });

  it('a time outside lists the windows', () => {
    const state = timePickerState({ slots, date: '2026-03-30', time: '13:00' });
    expect(state.isAvailable).toBe(false);
    expect(state.showWindows).toBe(true);
    expect(state.windows).toEqual([
      { from: '10:00', to: '12:00' },
      { from: '17:00', to: '20:00' },
    ]);
    expect(timePickerState({ slots, date: '2026-03-30', time: null }).showWindows).toBe(true);
  });

  it('a day without slots says so', () => {
    expect(timePickerState({ slots, date: '2026-04-15', time: '10:00' })).toEqual({
      isAvailable: false,
      windows: [],
      showWindows: false,
      message: 'Zum ausgewählten Tag sind keine Termine verfügbar.',
    });
  });

  it('a window up to midnight ends at 24:00', () => {
    const late = appointmentSlots([rule('daily', '22:00', '24:00')], t('2026-03-30T08:00:00+02:00'), { days: 1 });
    expect(timePickerState({ slots: late, date: '2026-03-30', time: '23:00' }).windows).toEqual([
      { from: '22:00', to: '24:00' },
    ]);
  });

  it('§2.7 date picker: "past and unavailable days disabled"', () => {
    expect(isDateAvailable(slots, '2026-03-30')).toBe(true);
    expect(isDateAvailable(slots, '2026-03-29')).toBe(false);
    const days = availableDates(slots);
    expect(days.has('2026-03-30')).toBe(true);
    expect(days.has('2026-03-29')).toBe(false);
    expect(days.size).toBe(slotsByDay(slots).size);
  });

  it('"hour and minute steppers (minute step 5 by default)"', () => {
    expect(stepTime('10:00', 'minute', 1)).toBe('10:05');
    expect(stepTime('10:00', 'minute', -1)).toBe('09:55');
    expect(stepTime('10:03', 'minute', 1)).toBe('10:05');
    expect(stepTime('10:03', 'minute', -1)).toBe('10:00');
    expect(stepTime('23:55', 'minute', 1)).toBe('00:00');
    expect(stepTime('00:00', 'hour', -1)).toBe('23:00');
    expect(stepTime('10:00', 'minute', 1, 15)).toBe('10:15');
  });
});
