import {
  holidayBalance,
  holidayDays,
  plannedMinutes,
  plannedSegments,
  userBalance,
  workedSegments,
} from './balances.js';

const TZ = 'Europe/Vienna';

describe('issue 19: balances in the time zone, daylight saving counted by real hours', () => {
  it('a night shift across the spring change lasts 7 real hours, across the autumn change 9', () => {
    expect(plannedMinutes({ date: '2026-03-28', start: '22:00', end: '06:00', breakMinutes: 0 }, TZ)).toBe(7 * 60);
    expect(plannedMinutes({ date: '2026-10-24', start: '22:00', end: '06:00', breakMinutes: 0 }, TZ)).toBe(9 * 60);
    expect(plannedMinutes({ date: '2026-01-12', start: '22:00', end: '06:00', breakMinutes: 30 }, TZ)).toBe(450);
  });
  it('worked minutes of a shift across the change are the hours that passed', () => {
    const b = userBalance({
      user: 1,
      from: '2026-03-28',
      to: '2026-03-29',
      timeZone: TZ,
      schedules: [{ date: '2026-03-28', start: '22:00', end: '06:00', breakMinutes: 0 }],
      activities: [{ kind: 'work', start: '2026-03-28T22:00:00+01:00', end: '2026-03-29T06:00:00+02:00', pauses: [] }],
      ruleSet: 'AT',
    });
    expect(b.days[0]).toMatchObject({ plannedMinutes: 420, workedMinutes: 420, differenceMinutes: 0 });
    expect(b.overtimeMinutes).toBe(0);
  });
  it('per day, week and month with the running balance; absences credit the planned day', () => {
    const shift = (date: string) => ({ date, start: '08:00', end: '16:30', breakMinutes: 30 });
    const b = userBalance({
      user: 7,
      from: '2026-01-01',
      to: '2026-01-31',
      timeZone: TZ,
      schedules: ['2026-01-12', '2026-01-13', '2026-01-14', '2026-01-19'].map(shift),
      activities: [
        {
          kind: 'work',
          start: '2026-01-12T08:00:00+01:00',
          end: '2026-01-12T17:30:00+01:00',
          pauses: [{ start: '2026-01-12T12:00:00+01:00', end: '2026-01-12T12:30:00+01:00' }],
        },
        {
          kind: 'work',
          start: '2026-01-13T08:00:00+01:00',
          end: '2026-01-13T15:00:00+01:00',
          pauses: [{ start: '2026-01-13T12:00:00+01:00', end: '2026-01-13T12:30:00+01:00' }],
        },
        { kind: 'sick', start: '2026-01-14T08:00:00+01:00', end: '2026-01-14T16:30:00+01:00', pauses: [] },
      ],
      ruleSet: 'AT',
    });
    expect(b.days).toHaveLength(31);
    const day = (d: string) => b.days.find((x) => x.date === d)!;
    expect(day('2026-01-12')).toMatchObject({ plannedMinutes: 480, workedMinutes: 540, balanceMinutes: 60 });
    expect(day('2026-01-13')).toMatchObject({ workedMinutes: 390, differenceMinutes: -90, balanceMinutes: -30 });
    expect(day('2026-01-14')).toMatchObject({ workedMinutes: 480, differenceMinutes: 0, balanceMinutes: -30 });
    expect(day('2026-01-19')).toMatchObject({ workedMinutes: 0, balanceMinutes: -510 });
    expect(b.weeks.find((w) => w.period === '2026-01-12')).toEqual({
      period: '2026-01-12',
      plannedMinutes: 1440,
      workedMinutes: 1410,
      differenceMinutes: -30,
    });
    expect(b.months).toEqual([
      { period: '2026-01', plannedMinutes: 1920, workedMinutes: 1410, differenceMinutes: -510 },
    ]);
    expect(b.overtimeMinutes).toBe(-510);
  });
});

describe('issue 19: holiday balances', () => {
  const base = {
    user: 1,
    year: 2026,
    daysPerYear: 25,
    partTimeFactor: 1,
    employedFrom: null,
    employedTo: null,
    carryOverDays: 0,
    carryOverExpires: null,
  };
  it('full year, full time', () => {
    expect(holidayBalance(base, ['2026-02-02', '2026-02-03'], '2026-06-01')).toMatchObject({
      entitlementDays: 25,
      takenDays: 2,
      remainingDays: 23,
    });
  });
  it('pro rata for a partial year and part time, in half days', () => {
    // from 1 July: 184 of 365 days × 25 = 12.6 → 12.5; at 50 %: 6.3 → 6.5
    expect(holidayBalance({ ...base, employedFrom: '2026-07-01' }, [], '2026-08-01').entitlementDays).toBe(12.5);
    expect(
      holidayBalance({ ...base, employedFrom: '2026-07-01', partTimeFactor: 0.5 }, [], '2026-08-01').entitlementDays,
    ).toBe(6.5);
  });
  it('carry-over is used first and what is left lapses after its expiry', () => {
    const e = { ...base, carryOverDays: 5, carryOverExpires: '2026-03-31' };
    const taken = ['2026-02-02', '2026-02-03', '2026-05-04'];
    expect(holidayBalance(e, taken, '2026-03-01')).toMatchObject({ expiredCarryOverDays: 0, remainingDays: 27 });
    expect(holidayBalance(e, taken, '2026-04-01')).toMatchObject({ expiredCarryOverDays: 3, remainingDays: 24 });
    // a day counted once, days of another year not at all
    expect(holidayBalance(base, ['2026-02-02', '2026-02-02', '2025-12-31'], '2026-03-01').takenDays).toBe(1);
  });
});

describe('issue 19: the days a holiday takes', () => {
  it('a holiday of several days takes each working day it covers, Monday to Friday, in its zone', () => {
    // Thursday 2 July 08:00 to Tuesday 7 July 17:00: Thu, Fri, Mon, Tue (the weekend is not taken)
    const week = { start: '2026-07-02T08:00:00+02:00', end: '2026-07-07T17:00:00+02:00' };
    expect(holidayDays(week, TZ)).toEqual(['2026-07-02', '2026-07-03', '2026-07-06', '2026-07-07']);
    // whole days entered as midnight to midnight: the end's day is not taken
    expect(holidayDays({ start: '2026-07-06T00:00:00+02:00', end: '2026-07-11T00:00:00+02:00' }, TZ)).toHaveLength(5);
    // across the autumn change (Sunday 25 October): Friday to Tuesday, three working days
    expect(holidayDays({ start: '2026-10-23T00:00:00+02:00', end: '2026-10-28T00:00:00+01:00' }, TZ)).toEqual([
      '2026-10-23',
      '2026-10-26',
      '2026-10-27',
    ]);
    // a Saturday alone takes nothing; an open holiday its start's day
    expect(holidayDays({ start: '2026-07-04T08:00:00+02:00', end: '2026-07-04T16:00:00+02:00' }, TZ)).toEqual([]);
    expect(holidayDays({ start: '2026-07-06T08:00:00+02:00', end: null }, TZ)).toEqual(['2026-07-06']);
    // the days are the branch's: Monday 05:00–05:30 in Vienna is Sunday evening in New York
    const monday = { start: '2026-07-06T05:00:00+02:00', end: '2026-07-06T05:30:00+02:00' };
    expect(holidayDays(monday, TZ)).toEqual(['2026-07-06']);
    expect(holidayDays(monday, 'America/New_York')).toEqual([]);
  });
  it('the balance counts the days of multi-day holidays, once each', () => {
    const days = [
      { start: '2026-07-02T08:00:00+02:00', end: '2026-07-07T17:00:00+02:00' },
      { start: '2026-07-07T08:00:00+02:00', end: '2026-07-08T17:00:00+02:00' },
    ].flatMap((h) => holidayDays(h, TZ));
    const b = holidayBalance(
      {
        user: 1,
        year: 2026,
        daysPerYear: 25,
        partTimeFactor: 1,
        employedFrom: null,
        employedTo: null,
        carryOverDays: 0,
        carryOverExpires: null,
      },
      days,
      '2026-08-01',
    );
    expect(b).toMatchObject({ takenDays: 5, remainingDays: 20 });
  });
  it('an absence of several days credits the planned minutes of each day it covers', () => {
    const shift = (date: string) => ({ date, start: '08:00', end: '16:30', breakMinutes: 30 });
    const b = userBalance({
      user: 1,
      from: '2026-07-01',
      to: '2026-07-10',
      timeZone: TZ,
      schedules: ['2026-07-06', '2026-07-07', '2026-07-08'].map(shift),
      activities: [
        { kind: 'holiday', start: '2026-07-06T00:00:00+02:00', end: '2026-07-09T00:00:00+02:00', pauses: [] },
      ],
      ruleSet: 'AT',
    });
    expect(b).toMatchObject({ plannedMinutes: 1440, workedMinutes: 1440, overtimeMinutes: 0 });
  });
});

describe('issue 21: the stretches of work the statistics count', () => {
  it('an activity is worked between its pauses; running has no end, paused ends at the open pause', () => {
    const start = '2026-01-12T08:00:00.000Z';
    const pauses = [
      { start: '2026-01-12T12:00:00.000Z', end: '2026-01-12T12:30:00.000Z' },
      { start: '2026-01-12T15:00:00.000Z', end: null },
    ];
    expect(workedSegments({ start, end: null, pauses })).toEqual([
      { start, end: '2026-01-12T12:00:00.000Z' },
      { start: '2026-01-12T12:30:00.000Z', end: '2026-01-12T15:00:00.000Z' },
    ]);
    expect(workedSegments({ start, end: null, pauses: [] })).toEqual([{ start, end: null }]);
    expect(workedSegments({ start, end: '2026-01-12T16:00:00.000Z', pauses: pauses.slice(0, 1) })).toEqual([
      { start, end: '2026-01-12T12:00:00.000Z' },
      { start: '2026-01-12T12:30:00.000Z', end: '2026-01-12T16:00:00.000Z' },
    ]);
  });
  it('a planned break sits in the middle of the shift; the stretches add up to the planned minutes', () => {
    const shift = { date: '2026-01-12', start: '08:00', end: '16:30', breakMinutes: 30 };
    const segments = plannedSegments(shift, TZ);
    expect(segments).toEqual([
      { start: '2026-01-12T07:00:00.000Z', end: '2026-01-12T11:00:00.000Z' },
      { start: '2026-01-12T11:30:00.000Z', end: '2026-01-12T15:30:00.000Z' },
    ]);
    const minutes = segments.reduce((m, s) => m + (Date.parse(s.end) - Date.parse(s.start)) / 60_000, 0);
    expect(minutes).toBe(plannedMinutes(shift, TZ));
    expect(plannedSegments({ ...shift, breakMinutes: 0 }, TZ)).toHaveLength(1);
  });
});
