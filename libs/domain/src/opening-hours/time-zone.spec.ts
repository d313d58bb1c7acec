import fc from 'fast-check';
import {
  addDays,
  addLocalDays,
  daysBetween,
  formatMinutes,
  learnZoneDays,
  localDate,
  offsetMs,
  parseTime,
  weekdayName,
  WEEKDAYS,
  weekdayOf,
  zonedInstant,
  zonedParts,
  zoneDays,
  type ZoneDays,
} from './time-zone.js';

const VIENNA = 'Europe/Vienna';

describe('Opening hours: "All in the branch\'s time zone (Europe/Vienna by default) and correct across DST changes"', () => {
  it('reads the wall clock of an instant', () => {
    expect(zonedParts(new Date('2026-01-15T09:05:30Z'), VIENNA)).toMatchObject({
      date: '2026-01-15',
      hour: 10,
      minute: 5,
      second: 30,
      minutes: 605,
      weekday: 'thursday',
    });
    expect(zonedParts(new Date('2026-07-15T22:30:00Z'), VIENNA)).toMatchObject({
      date: '2026-07-16',
      hour: 0,
      minutes: 30,
    });
    expect(localDate(new Date('2026-03-29T22:30:00Z'), VIENNA)).toBe('2026-03-30');
  });

  it('knows the offset: +1 h in winter, +2 h in summer', () => {
    expect(offsetMs(Date.parse('2026-01-01T12:00:00Z'), VIENNA)).toBe(3_600_000);
    expect(offsetMs(Date.parse('2026-07-01T12:00:00Z'), VIENNA)).toBe(7_200_000);
    expect(offsetMs(Date.parse('2026-07-01T12:00:00.500Z'), VIENNA)).toBe(7_200_000);
  });

  it('changes the offset at the minute of a DST change, asked in any order (remembered per day and per quarter hour)', () => {
    // a whole day first (its offset is remembered for the day), then the change days minute by minute
    expect(offsetMs(Date.parse('2026-03-28T23:59:59.999Z'), VIENNA)).toBe(3_600_000);
    for (const [at, hours] of [
      ['2026-03-29T00:59:59.999Z', 1],
      ['2026-03-29T01:00:00.000Z', 2],
      ['2026-03-29T00:00:00.000Z', 1],
      ['2026-03-29T23:59:59.999Z', 2],
      ['2026-10-25T00:59:00.000Z', 2],
      ['2026-10-25T01:00:00.000Z', 1],
      ['2026-10-25T00:00:00.000Z', 2],
      ['2026-10-26T00:00:00.000Z', 1],
      ['2026-03-08T06:59:00.000Z', -5],
    ] as const)
      expect([at, offsetMs(Date.parse(at), at.startsWith('2026-03-08') ? 'America/New_York' : VIENNA)]).toEqual([
        at,
        hours * 3_600_000,
      ]);
    expect(offsetMs(Date.parse('2026-03-08T07:00:00.000Z'), 'America/New_York')).toBe(-4 * 3_600_000);
  });

  it('DST 2026-03-29: 01:59 is +1 h, 03:00 is +2 h; the skipped 02:30 resolves to 03:30', () => {
    expect(zonedInstant('2026-03-29', 119, VIENNA).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(zonedInstant('2026-03-29', 180, VIENNA).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(zonedInstant('2026-03-29', 150, VIENNA).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedInstant('2026-03-29', 1440, VIENNA).getTime() - zonedInstant('2026-03-29', 0, VIENNA).getTime()).toBe(
      23 * 3_600_000,
    );
  });

  it('DST 2026-10-25: the repeated 02:30 resolves to its first occurrence; the day has 25 hours', () => {
    expect(zonedInstant('2026-10-25', 150, VIENNA).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-10-25', 180, VIENNA).toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(zonedInstant('2026-10-25', 1440, VIENNA).getTime() - zonedInstant('2026-10-25', 0, VIENNA).getTime()).toBe(
      25 * 3_600_000,
    );
  });

  it('works for other zones too', () => {
    expect(zonedInstant('2026-06-01', 600, 'America/New_York').toISOString()).toBe('2026-06-01T14:00:00.000Z');
    expect(zonedInstant('2026-06-01', 600, 'UTC').toISOString()).toBe('2026-06-01T10:00:00.000Z');
  });

  it('keeps the wall clock when adding calendar days across a DST change', () => {
    const before = new Date('2026-03-28T09:00:00Z'); // 10:00 local
    expect(addLocalDays(before, 1, VIENNA).toISOString()).toBe('2026-03-29T08:00:00.000Z'); // 10:00 local, +2 h
    expect(addLocalDays(new Date('2026-10-24T08:00:00Z'), 1, VIENNA).toISOString()).toBe('2026-10-25T09:00:00.000Z');
  });

  it('property: zonedParts(zonedInstant(d, m)) = (d, m) for every existing wall-clock time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 730 }), fc.integer({ min: 0, max: 1439 }), (day, minutes) => {
        const date = addDays('2026-01-01', day);
        const p = zonedParts(zonedInstant(date, minutes, VIENNA), VIENNA);
        const skipped = (date === '2026-03-29' || date === '2027-03-28') && minutes >= 120 && minutes < 180;
        if (skipped) expect(p.minutes).toBe(minutes + 60);
        else expect([p.date, p.minutes]).toEqual([date, minutes]);
      }),
    );
  });

  describe('spring-forward gap, Europe/Vienna 2026-03-29 (02:00 → 03:00, +1 h → +2 h)', () => {
    it('reads the wall clock on both sides of the change instant', () => {
      expect(zonedParts(Date.parse('2026-03-29T00:59:59Z'), VIENNA)).toMatchObject({
        date: '2026-03-29',
        hour: 1,
        minute: 59,
        second: 59,
      });
      expect(zonedParts(Date.parse('2026-03-29T01:00:00Z'), VIENNA)).toMatchObject({
        date: '2026-03-29',
        hour: 3,
        minute: 0,
        second: 0,
      });
      expect(offsetMs(Date.parse('2026-03-29T00:59:59.999Z'), VIENNA)).toBe(3_600_000);
      expect(offsetMs(Date.parse('2026-03-29T01:00:00Z'), VIENNA)).toBe(7_200_000);
    });

    it('every skipped wall-clock minute 02:00–02:59 resolves to the same distance after the change (03:00–03:59)', () => {
      for (let minutes = 120; minutes < 180; minutes++) {
        const instant = zonedInstant('2026-03-29', minutes, VIENNA);
        expect(instant.getTime()).toBe(Date.parse('2026-03-29T01:00:00Z') + (minutes - 120) * 60_000);
        expect(zonedParts(instant, VIENNA)).toMatchObject({ date: '2026-03-29', minutes: minutes + 60 });
      }
      // 02:00 and 03:00 are the same instant
      expect(zonedInstant('2026-03-29', 120, VIENNA).getTime()).toBe(zonedInstant('2026-03-29', 180, VIENNA).getTime());
    });

    it('a day later at a wall-clock time the gap skips lands after the gap', () => {
      expect(addLocalDays(new Date('2026-03-28T01:30:00Z'), 1, VIENNA).toISOString()).toBe('2026-03-29T01:30:00.000Z'); // 02:30 → 03:30 (+2 h)
      expect(addLocalDays(new Date('2026-03-28T01:30:00Z'), 2, VIENNA).toISOString()).toBe('2026-03-30T00:30:00.000Z'); // 02:30 (+2 h)
    });
  });

  describe('fall-back overlap, Europe/Vienna 2026-10-25 (03:00 → 02:00, +2 h → +1 h)', () => {
    it('reads both passes through 02:00–02:59 as the same wall clock, with their own offsets', () => {
      expect(zonedParts(Date.parse('2026-10-25T00:30:00Z'), VIENNA)).toMatchObject({
        date: '2026-10-25',
        hour: 2,
        minute: 30,
      });
      expect(zonedParts(Date.parse('2026-10-25T01:30:00Z'), VIENNA)).toMatchObject({
        date: '2026-10-25',
        hour: 2,
        minute: 30,
      });
      expect(offsetMs(Date.parse('2026-10-25T00:59:59.999Z'), VIENNA)).toBe(7_200_000);
      expect(offsetMs(Date.parse('2026-10-25T01:00:00Z'), VIENNA)).toBe(3_600_000);
    });

    it('every repeated wall-clock minute 02:00–02:59 resolves to its first occurrence (+2 h)', () => {
      for (let minutes = 120; minutes < 180; minutes++) {
        const instant = zonedInstant('2026-10-25', minutes, VIENNA);
        expect(instant.getTime()).toBe(Date.parse('2026-10-25T00:00:00Z') + (minutes - 120) * 60_000);
        expect(offsetMs(instant.getTime(), VIENNA)).toBe(7_200_000);
      }
      expect(zonedInstant('2026-10-25', 119, VIENNA).toISOString()).toBe('2026-10-24T23:59:00.000Z');
      expect(zonedInstant('2026-10-25', 180, VIENNA).toISOString()).toBe('2026-10-25T02:00:00.000Z');
    });

    it('property: an instant of that day maps back to itself, in the second pass through 02:00–02:59 to the first', () => {
      const dayStart = Date.parse('2026-10-24T22:00:00Z');
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 25 * 60 - 1 }), (minute) => {
          const t = dayStart + minute * 60_000;
          const p = zonedParts(t, VIENNA);
          const secondPass = t >= Date.parse('2026-10-25T01:00:00Z') && t < Date.parse('2026-10-25T02:00:00Z');
          expect(zonedInstant(p.date, p.minutes, VIENNA).getTime()).toBe(secondPass ? t - 3_600_000 : t);
        }),
      );
    });

    it('a day later at a repeated wall-clock time lands on its first occurrence', () => {
      expect(addLocalDays(new Date('2026-10-24T00:30:00Z'), 1, VIENNA).toISOString()).toBe('2026-10-25T00:30:00.000Z'); // 02:30 (+2 h)
      expect(addLocalDays(new Date('2026-10-25T01:30:00Z'), 1, VIENNA).toISOString()).toBe('2026-10-26T01:30:00.000Z'); // second 02:30 → 02:30 (+1 h)
      expect(addLocalDays(new Date('2026-10-25T01:30:00Z'), -1, VIENNA).toISOString()).toBe('2026-10-24T00:30:00.000Z');
    });
  });

  it('keeps seconds in historical offsets (Vienna local mean time +01:05:21 before 1893)', () => {
    expect(offsetMs(Date.parse('1890-06-01T12:00:00Z'), VIENNA)).toBe(3_921_000);
    expect(zonedParts(Date.parse('1890-06-01T12:00:00Z'), VIENNA)).toMatchObject({ hour: 13, minute: 5, second: 21 });
  });

  it("hands a server render's day offsets to the browser: a learned day needs no Intl, a day with a change is not handed", () => {
    const days = zoneDays(VIENNA, Date.parse('2026-10-24T12:00:00Z'), 3);
    // 24 October +2 h, the 25th changes at 01:00 UTC (null: looked up per quarter hour), the 26th +1 h
    expect(days).toEqual({
      zone: VIENNA,
      firstDay: Date.parse('2026-10-24') / 86_400_000,
      offsets: [7_200_000, null, 3_600_000],
    });

    // a zone Intl does not know answers from what was learned, for those days only
    const firstDay = Date.parse('2026-11-29') / 86_400_000;
    learnZoneDays([{ zone: 'Test/Learned', firstDay, offsets: [3_600_000, null] }]);
    // the browser's entry reads the list from the page: another shape throws there, and nothing is learned
    expect(() => learnZoneDays(JSON.parse('{"zone":"Test/Broken"}') as ZoneDays[])).toThrow(TypeError);
    expect(offsetMs(Date.parse('2026-11-29T18:00:00Z'), 'Test/Learned')).toBe(3_600_000);
    expect(zonedParts(Date.parse('2026-11-29T23:30:00Z'), 'Test/Learned').date).toBe('2026-11-30');
    expect(() => offsetMs(Date.parse('2026-11-30T18:00:00Z'), 'Test/Learned')).toThrow(RangeError);
    expect(() => offsetMs(Date.parse('2026-11-29T18:00:00Z'), 'Test/Broken')).toThrow(RangeError);
  });

  it('rejects an unknown time zone and an invalid instant with a RangeError', () => {
    expect(() => offsetMs(Date.parse('2026-01-01T00:00:00Z'), 'Europe/Atlantis')).toThrow(RangeError);
    expect(() => zonedInstant('2026-01-01', 600, 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => zonedParts(new Date('not a date'), VIENNA)).toThrow(RangeError);
  });

  it('calendar helpers', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(weekdayOf('2026-03-29')).toBe('sunday');
    expect(weekdayOf('2026-03-30')).toBe('monday');
    expect(weekdayName('monday')).toBe('Montag');
    expect(weekdayName('sunday')).toBe('Sonntag');
    // the names are Intl's for de-AT
    const intl = new Intl.DateTimeFormat('de-AT', { weekday: 'long', timeZone: 'UTC' });
    WEEKDAYS.forEach((day, i) => expect(weekdayName(day)).toBe(intl.format(Date.UTC(2024, 0, 1 + i))));
    expect(parseTime('24:00')).toBe(1440);
    expect(parseTime('07:05')).toBe(425);
    expect(formatMinutes(1500)).toBe('01:00');
    expect(formatMinutes(-60)).toBe('23:00');
    expect(() => parseTime('7 Uhr')).toThrow(RangeError);
    expect(() => addDays('2026-1-1', 1)).toThrow(RangeError);
  });
});
