import { describe, expect, it } from 'vitest';
import { change, presetPeriod, previousPeriod, shopDay, toCsv } from './period';

describe('dashboard periods', () => {
  it('takes the day in the shop time zone, not UTC', () => {
    // 23:30 UTC on 24 November is already 25 November in Vienna
    expect(shopDay(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(shopDay(new Date('2026-03-29T12:00:00Z'), -1)).toBe('2026-03-28');
  });
  it('builds presets and the previous period of the same length', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(presetPeriod('last7', now)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetPeriod('thisMonth', now)).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(previousPeriod({ from: '2026-11-19', to: '2026-11-25' })).toEqual({ from: '2026-11-12', to: '2026-11-18' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
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
  });
});
