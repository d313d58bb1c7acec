import { rule, WEEK_RULES } from '../../test/fixtures.js';
import { dayRanges, openIntervals, weekRanges } from './rules.js';

describe('§3 "Opening hours: per day ranges with from and to … Rule form: type (once, daily, or a weekday name), date, from, to, isClosed."', () => {
  it('weekday rules apply on their weekday, daily rules every day', () => {
    expect(dayRanges(WEEK_RULES, '2026-03-30')).toEqual([{ from: '10:00', to: '22:00' }]); // Monday
    expect(dayRanges(WEEK_RULES, '2026-03-28')).toEqual([{ from: '10:00', to: '14:00' }]); // Saturday
    expect(dayRanges(WEEK_RULES, '2026-03-29')).toEqual([]); // Sunday
    expect(dayRanges([rule('daily', '08:00', '12:00'), rule('monday', '14:00', '18:00')], '2026-03-30')).toEqual([
      { from: '08:00', to: '12:00' },
      { from: '14:00', to: '18:00' },
    ]);
  });

  it('overlapping and touching ranges merge', () => {
    expect(
      dayRanges(
        [rule('daily', '08:00', '12:00'), rule('daily', '11:00', '13:00'), rule('daily', '13:00', '14:00')],
        '2026-03-30',
      ),
    ).toEqual([{ from: '08:00', to: '14:00' }]);
  });

  it('README: a once rule applies only on its date and overrides daily/weekday rules of that date', () => {
    const rules = [
      ...WEEK_RULES,
      rule('once', '12:00', '16:00', { date: '2026-03-29' }),
      rule('once', '09:00', '11:00', { date: '2026-03-30' }),
    ];
    expect(dayRanges(rules, '2026-03-29')).toEqual([{ from: '12:00', to: '16:00' }]);
    expect(dayRanges(rules, '2026-03-30')).toEqual([{ from: '09:00', to: '11:00' }]);
    expect(dayRanges(rules, '2026-03-31')).toEqual([{ from: '10:00', to: '22:00' }]);
  });

  it('README: an isClosed rule closes its day (from = to, e.g. 00:00–00:00)', () => {
    const holiday = rule('once', '00:00', '00:00', { date: '2026-12-25', isClosed: true });
    expect(dayRanges([rule('daily', '10:00', '22:00'), holiday], '2026-12-25')).toEqual([]);
    expect(
      dayRanges(
        [rule('daily', '10:00', '22:00'), rule('once', '00:00', '24:00', { date: '2026-12-25', isClosed: true })],
        '2026-12-25',
      ),
    ).toEqual([]);
    expect(
      dayRanges([rule('daily', '10:00', '22:00'), rule('monday', '00:00', '00:00', { isClosed: true })], '2026-03-30'),
    ).toEqual([]);
    expect(dayRanges([rule('daily', '10:00', '22:00'), holiday], '2026-12-26')).toEqual([
      { from: '10:00', to: '22:00' },
    ]);
  });

  it('README: … or its from–to window', () => {
    const earlyClose = rule('once', '14:00', '24:00', { date: '2026-12-24', isClosed: true });
    expect(dayRanges([rule('daily', '10:00', '22:00'), earlyClose], '2026-12-24')).toEqual([
      { from: '10:00', to: '14:00' },
    ]);
    const lunch = rule('daily', '12:00', '13:00', { isClosed: true });
    expect(dayRanges([rule('daily', '10:00', '22:00'), lunch], '2026-03-30')).toEqual([
      { from: '10:00', to: '12:00' },
      { from: '13:00', to: '22:00' },
    ]);
  });

  it('README: a once open rule also overrides closed weekday rules of its date (special opening)', () => {
    const rules = [
      rule('sunday', '00:00', '00:00', { isClosed: true }),
      rule('once', '10:00', '16:00', { date: '2026-03-29' }),
    ];
    expect(dayRanges(rules, '2026-03-29')).toEqual([{ from: '10:00', to: '16:00' }]);
  });

  it('README: "to" 24:00 or a "to" earlier than "from" means past midnight', () => {
    expect(dayRanges([rule('daily', '18:00', '24:00')], '2026-03-30')).toEqual([{ from: '18:00', to: '24:00' }]);
    expect(dayRanges([rule('friday', '20:00', '02:00')], '2026-04-03')).toEqual([{ from: '20:00', to: '02:00' }]);
    expect(dayRanges(null, '2026-04-03')).toEqual([]);
  });

  it('the regular week ignores once rules', () => {
    const week = weekRanges([...WEEK_RULES, rule('once', '00:00', '00:00', { date: '2024-01-01', isClosed: true })]);
    expect(week.monday).toEqual([{ from: '10:00', to: '22:00' }]);
    expect(week.sunday).toEqual([]);
    expect(weekRanges(undefined).monday).toEqual([]);
  });
});

describe('Opening intervals in real time (Europe/Vienna, DST)', () => {
  it("merges a shift that runs past midnight with the next day's shift", () => {
    const rules = [rule('daily', '18:00', '24:00'), rule('daily', '00:00', '02:00')];
    const intervals = openIntervals(rules, '2026-01-10', '2026-01-10', 'Europe/Vienna');
    // the window covers the day before (2026-01-09) and 2026-01-10; 2026-01-11 is outside
    expect(intervals.map((i) => [i.start.toISOString(), i.end.toISOString()])).toEqual([
      ['2026-01-08T23:00:00.000Z', '2026-01-09T01:00:00.000Z'],
      ['2026-01-09T17:00:00.000Z', '2026-01-10T01:00:00.000Z'],
      ['2026-01-10T17:00:00.000Z', '2026-01-10T23:00:00.000Z'],
    ]);
  });

  it('2026-03-29: 00:00–24:00 lasts 23 hours; 2026-10-25: 25 hours', () => {
    const [spring] = openIntervals(
      [rule('once', '00:00', '24:00', { date: '2026-03-29' })],
      '2026-03-29',
      '2026-03-29',
      'Europe/Vienna',
    );
    expect(spring!.end.getTime() - spring!.start.getTime()).toBe(23 * 3_600_000);
    const [autumn] = openIntervals(
      [rule('once', '00:00', '24:00', { date: '2026-10-25' })],
      '2026-10-25',
      '2026-10-25',
      'Europe/Vienna',
    );
    expect(autumn!.end.getTime() - autumn!.start.getTime()).toBe(25 * 3_600_000);
  });

  it('answers repeated questions from memory, yet follows rules edited in place and keeps answers apart', () => {
    const rules = [rule('daily', '10:00', '12:00')];
    const first = openIntervals(rules, '2026-01-10', '2026-01-10', 'Europe/Vienna');
    expect(first.map((i) => i.start.toISOString())).toEqual(['2026-01-09T09:00:00.000Z', '2026-01-10T09:00:00.000Z']);
    // a caller changing its answer does not change the next caller's
    first[0]!.start.setTime(0);
    const again = openIntervals(rules, '2026-01-10', '2026-01-10', 'Europe/Vienna');
    expect(again[0]!.start.toISOString()).toBe('2026-01-09T09:00:00.000Z');
    // the same array, edited (a form's rules): the new hours, not the remembered ones
    rules[0]!.from = '11:00';
    const edited = openIntervals(rules, '2026-01-10', '2026-01-10', 'Europe/Vienna');
    expect(edited.map((i) => i.start.toISOString())).toEqual(['2026-01-09T10:00:00.000Z', '2026-01-10T10:00:00.000Z']);
  });

  it('a wall-clock time skipped on 2026-03-29 resolves one hour later (02:00–02:30 → 03:00–03:30)', () => {
    const intervals = openIntervals(
      [rule('once', '02:00', '02:30', { date: '2026-03-29' })],
      '2026-03-29',
      '2026-03-29',
      'Europe/Vienna',
    );
    expect(intervals.map((i) => [i.start.toISOString(), i.end.toISOString()])).toEqual([
      ['2026-03-29T01:00:00.000Z', '2026-03-29T01:30:00.000Z'],
    ]);
  });
});
