import { describe, expect, it } from 'vitest';
import {
  axisDomain,
  axisTicks,
  change,
  intervalOf,
  periodBuckets,
  periodDays,
  presetPeriod,
  shopDay,
  toCsv,
} from './period';

const iso = (ms: number) => new Date(ms).toISOString();

describe('dashboard periods', () => {
  it('takes the day in the shop time zone, not UTC', () => {
    // 23:30 UTC on 24 November is already 25 November in Vienna
    expect(shopDay(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(shopDay(new Date('2026-03-29T12:00:00Z'), -1)).toBe('2026-03-28');
  });
  it('builds presets', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(presetPeriod('last7', now)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetPeriod('thisMonth', now)).toEqual({ from: '2026-11-01', to: '2026-11-25' });
  });
  it('offers the previous whole month and year (issue 41: a manager reviews the month before)', () => {
    expect(presetPeriod('lastMonth', new Date('2026-12-06T10:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(presetPeriod('lastMonth', new Date('2027-01-01T00:30:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(presetPeriod('lastMonth', new Date('2028-03-15T10:00:00Z'))).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(presetPeriod('lastYear', new Date('2026-12-06T10:00:00Z'))).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });
  it('computes the change and writes CSV', () => {
    expect(change(150, 100)).toBe(50);
    expect(change(5, 0)).toBeNull();
    expect(
      toCsv([
        ['Seite', 'Wert'],
        ['/a,b', 3],
        ['"x"', 1],
      ]),
    ).toBe('Seite,Wert\r\n"/a,b",3\r\n"""x""",1\r\n');
    // with ';' a decimal comma stays unquoted, a ';' in a value is quoted
    expect(
      toCsv(
        [
          ['a;b', '1,5'],
          ['Zeile\nzwei', 'x'],
        ],
        ';',
      ),
    ).toBe('"a;b";1,5\r\n"Zeile\nzwei";x\r\n');
  });
});

describe('the chart axis runs over the chosen period only (issue 41: 2027–2029 for the last 7 days)', () => {
  it('has a bucket per day of the last 7 days, from the first midnight to the last, in Vienna', () => {
    const last7 = presetPeriod('last7', new Date('2026-11-25T10:00:00Z'));
    expect(intervalOf(last7)).toBe('day');
    const buckets = periodBuckets(last7, 'day');
    expect(buckets.map(iso)).toEqual([
      '2026-11-18T23:00:00.000Z',
      '2026-11-19T23:00:00.000Z',
      '2026-11-20T23:00:00.000Z',
      '2026-11-21T23:00:00.000Z',
      '2026-11-22T23:00:00.000Z',
      '2026-11-23T23:00:00.000Z',
      '2026-11-24T23:00:00.000Z',
    ]);
    expect(axisDomain(buckets).map(iso)).toEqual(['2026-11-18T23:00:00.000Z', '2026-11-24T23:00:00.000Z']);
  });
  it('keeps a whole month within the month, across the end of daylight saving', () => {
    const october = { from: '2026-10-01', to: '2026-10-31' };
    const buckets = periodBuckets(october, 'day');
    expect(buckets).toHaveLength(31);
    expect(periodDays(october)).toHaveLength(31);
    const [min, max] = axisDomain(buckets);
    expect(iso(min)).toBe('2026-09-30T22:00:00.000Z'); // 1 October 00:00 summer time
    expect(iso(max)).toBe('2026-10-30T23:00:00.000Z'); // 31 October 00:00 winter time
    for (const t of axisTicks(buckets, 8)) expect(t >= min && t <= max).toBe(true);
  });
  it('runs a single day by the hour: 24 hours, 23 and 25 on the days the clocks change', () => {
    expect(intervalOf({ from: '2026-11-25', to: '2026-11-25' })).toBe('hour');
    expect(periodBuckets({ from: '2026-11-25', to: '2026-11-25' }, 'hour')).toHaveLength(24);
    expect(periodBuckets({ from: '2026-03-29', to: '2026-03-29' }, 'hour')).toHaveLength(23);
    expect(periodBuckets({ from: '2026-10-25', to: '2026-10-25' }, 'hour')).toHaveLength(25);
    const day = periodBuckets({ from: '2026-11-25', to: '2026-11-25' }, 'hour');
    expect(axisDomain(day).map(iso)).toEqual(['2026-11-24T23:00:00.000Z', '2026-11-25T22:00:00.000Z']);
  });
  it('thins the labels to what fits, the first always among them', () => {
    const buckets = Array.from({ length: 30 }, (_, i) => i);
    expect(axisTicks(buckets, 8)).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
    expect(axisTicks(buckets, 100)).toHaveLength(30);
    expect(axisDomain([5])).toEqual([5 - 60_000, 5 + 60_000]);
  });
});
