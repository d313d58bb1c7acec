import {
  activityDayParts,
  holidayBalance,
  holidayDays,
  minutesByDay,
  plannedMinutes,
  plannedSegments,
  shiftTimesError,
  takenHolidayDays,
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
    // issue 41: split at midnight, 22:00–24:00 on the 28th and 00:00 CET–06:00 CEST (5 real hours) on the 29th
    expect(b.days[0]).toMatchObject({ plannedMinutes: 120, workedMinutes: 120, differenceMinutes: 0 });
    expect(b.days[1]).toMatchObject({ plannedMinutes: 300, workedMinutes: 300, differenceMinutes: 0 });
    expect([b.plannedMinutes, b.workedMinutes, b.overtimeMinutes]).toEqual([420, 420, 0]);
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

describe('issue 41: overnight shifts are said, never guessed, and split by local day', () => {
  it('a schedule ends on the next day only with endsNextDay; 12:00 to 08:00 without it is refused', () => {
    expect(shiftTimesError({ start: '12:00', end: '08:00', endsNextDay: false })).toBe('notAfterStart');
    expect(shiftTimesError({ start: '08:00', end: '08:00', endsNextDay: false })).toBe('notAfterStart');
    expect(shiftTimesError({ start: '22:00', end: '06:00', endsNextDay: true })).toBeNull();
    // more than 24 hours
    expect(shiftTimesError({ start: '08:00', end: '10:00', endsNextDay: true })).toBe('tooLong');
    expect(
      plannedMinutes({ date: '2026-01-12', start: '12:00', end: '08:00', endsNextDay: true, breakMinutes: 0 }, TZ),
    ).toBe(20 * 60);
    // said not to end the next day: no time at all, never 20 hours
    expect(
      plannedMinutes({ date: '2026-01-12', start: '12:00', end: '08:00', endsNextDay: false, breakMinutes: 0 }, TZ),
    ).toBe(0);
  });
  it('cuts stretches at each local midnight; the whole minutes add up to the floor of the whole', () => {
    const at = (iso: string) => Date.parse(iso);
    // 22:00–06:00 in Vienna in January with half a minute over
    const spans = [{ start: at('2026-01-12T22:00:00+01:00'), end: at('2026-01-13T06:00:30+01:00') }];
    expect([...minutesByDay(spans, TZ)]).toEqual([
      ['2026-01-12', 120],
      ['2026-01-13', 360],
    ]);
    // the same instants are another day in New York (its 30 seconds after midnight make no whole minute)
    expect([...minutesByDay(spans, 'America/New_York')]).toEqual([['2026-01-12', 480]]);
  });
  it("night work counts on the days it was worked, in the balance and in an export's parts", () => {
    const night = {
      kind: 'work' as const,
      start: '2026-01-30T22:00:00+01:00',
      end: '2026-01-31T06:00:00+01:00',
      pauses: [{ start: '2026-01-31T01:00:00+01:00', end: '2026-01-31T01:30:00+01:00' }],
    };
    const b = userBalance({
      user: 1,
      from: '2026-01-30',
      to: '2026-02-01',
      timeZone: TZ,
      schedules: [{ date: '2026-01-30', start: '22:00', end: '06:00', endsNextDay: true, breakMinutes: 30 }],
      activities: [night],
      ruleSet: 'AT',
    });
    // the planned break sits in the middle (01:45–02:15): 120 on Friday, 330 on Saturday
    expect(b.days.map((d) => [d.date, d.plannedMinutes, d.workedMinutes])).toEqual([
      ['2026-01-30', 120, 120],
      ['2026-01-31', 330, 330],
      ['2026-02-01', 0, 0],
    ]);
    expect(b.months.map((m) => [m.period, m.workedMinutes])).toEqual([
      ['2026-01', 450],
      ['2026-02', 0],
    ]);
    expect(activityDayParts(night, TZ)).toEqual([
      {
        date: '2026-01-30',
        start: '2026-01-30T21:00:00.000Z',
        end: '2026-01-30T23:00:00.000Z',
        endsAtMidnight: true,
        pauseMinutes: 0,
        netMinutes: 120,
      },
      {
        date: '2026-01-31',
        start: '2026-01-30T23:00:00.000Z',
        end: '2026-01-31T05:00:00.000Z',
        endsAtMidnight: false,
        pauseMinutes: 30,
        netMinutes: 330,
      },
    ]);
    // a day's work is one part, as before; a vacation of two days a part per day
    const day = {
      kind: 'work' as const,
      start: '2026-01-12T08:00:00+01:00',
      end: '2026-01-12T12:00:00+01:00',
      pauses: [],
    };
    expect(activityDayParts(day, TZ)).toHaveLength(1);
    const vacation = {
      kind: 'holiday' as const,
      start: '2026-01-12T00:00:00+01:00',
      end: '2026-01-14T00:00:00+01:00',
      pauses: [],
    };
    expect(activityDayParts(vacation, TZ).map((p) => [p.date, p.endsAtMidnight, p.netMinutes])).toEqual([
      ['2026-01-12', true, 0],
      ['2026-01-13', true, 0],
    ]);
  });
});

describe('issue 41: public holidays, half days and compensatory time off', () => {
  const PUBLIC = new Map([['2026-04-06', 'Ostermontag']]);
  it('a vacation week with a public holiday takes only the other working days', () => {
    const easterWeek = { start: '2026-04-06T00:00:00+02:00', end: '2026-04-11T00:00:00+02:00' };
    expect(holidayDays(easterWeek, TZ, PUBLIC)).toEqual(['2026-04-07', '2026-04-08', '2026-04-09', '2026-04-10']);
    expect(
      takenHolidayDays({ start: '2026-04-07T00:00:00+02:00', end: '2026-04-07T12:00:00+02:00', halfDay: true }, TZ),
    ).toEqual([{ date: '2026-04-07', days: 0.5 }]);
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
    const taken = [...takenHolidayDays(easterWeek, TZ, PUBLIC), { date: '2026-05-04', days: 0.5 }];
    expect(holidayBalance(base, taken, '2026-06-01')).toMatchObject({ takenDays: 4.5, remainingDays: 20.5 });
  });
  it('a public holiday is neither vacation nor missing hours; compensatory time off is taken from the balance', () => {
    const shift = (date: string) => ({ date, start: '08:00', end: '16:30', breakMinutes: 30 });
    const b = userBalance({
      user: 1,
      from: '2026-04-06',
      to: '2026-04-09',
      timeZone: TZ,
      schedules: ['2026-04-06', '2026-04-07', '2026-04-08', '2026-04-09'].map(shift),
      activities: [
        { kind: 'compensatory', start: '2026-04-07T00:00:00+02:00', end: '2026-04-08T00:00:00+02:00', pauses: [] },
        {
          kind: 'holiday',
          halfDay: true,
          start: '2026-04-08T00:00:00+02:00',
          end: '2026-04-08T12:00:00+02:00',
          pauses: [],
        },
        { kind: 'work', start: '2026-04-08T12:00:00+02:00', end: '2026-04-08T16:00:00+02:00', pauses: [] },
      ],
      ruleSet: 'AT',
      publicHolidays: PUBLIC,
    });
    expect(b.days.map((d) => [d.date, d.plannedMinutes, d.workedMinutes, d.publicHoliday])).toEqual([
      ['2026-04-06', 480, 480, 'Ostermontag'],
      ['2026-04-07', 480, 0, null],
      ['2026-04-08', 480, 480, null],
      ['2026-04-09', 480, 0, null],
    ]);
    expect(b.overtimeMinutes).toBe(-960);
  });
});
