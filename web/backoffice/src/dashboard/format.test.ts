import { describe, expect, it } from 'vitest';
import {
  formatBucket,
  formatChange,
  formatCount,
  formatFigure,
  formatHours,
  formatMoney,
  formatPeriod,
  formatQuantity,
  formatTick,
  replyRange,
} from './format';

/** issue 41: dates, times, numbers and money in de-AT, whatever zone and language the browser has */
describe('the dashboard formats in de-AT', () => {
  it('numbers, money, hours and quantities with their unit', () => {
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(2.5)).toBe('2,5');
    expect(formatMoney(123450)).toBe('EUR 1.234,50');
    expect(formatMoney(0)).toBe('EUR 0,00');
    expect(formatHours(7.5)).toBe('7,50 Std.');
    expect(formatQuantity(5051, 'gram')).toBe('5.051 g');
    expect(formatQuantity(4, 'piece')).toBe('4 Stk.');
    expect(formatQuantity(1500, 'milliliter')).toBe('1.500 ml');
    expect(formatFigure(1999, 'cents')).toBe('EUR 19,99');
    expect(formatFigure(3, 'count')).toBe('3');
    expect(formatFigure(250, 'quantity', 'gram')).toBe('250 g');
  });
  it('changes signed, with a decimal comma', () => {
    expect(formatChange(12.5)).toBe('+12,5 %');
    expect(formatChange(-3)).toBe('−3 %');
    expect(formatChange(0)).toBe('±0 %');
  });
  it('dates and times on the shop clock (Vienna), DD.MM.YYYY and HH:mm', () => {
    // 23:00 UTC on 18 November is midnight of the 19th in Vienna
    expect(formatBucket(Date.parse('2026-11-18T23:00:00Z'), 'day')).toBe('19.11.2026');
    expect(formatBucket('2026-07-01T12:00:00.000Z', 'hour')).toBe('01.07.2026 14:00');
    expect(formatTick(Date.parse('2026-11-18T23:00:00Z'), 'day')).toBe('19.11.');
    expect(formatTick(Date.parse('2026-11-25T13:00:00Z'), 'hour')).toBe('14:00');
    expect(formatPeriod({ from: '2026-11-01', to: '2026-11-30' })).toBe('01.11.2026 – 30.11.2026');
    // a reply's period: instants, the end the start of the day after
    expect(replyRange({ from: '2026-09-30T22:00:00.000Z', to: '2026-10-31T23:00:00.000Z' })).toEqual({
      from: '01.10.2026',
      to: '31.10.2026',
    });
  });
});
