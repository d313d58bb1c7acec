import type { StatisticsReply } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { csvName, metricCsv } from './csv';

const reply = (over: Partial<StatisticsReply>): StatisticsReply => ({
  metric: 'orders',
  unit: 'count',
  from: '2026-10-31T23:00:00.000Z',
  to: '2026-11-03T23:00:00.000Z',
  timeZone: 'Europe/Vienna',
  interval: 'day',
  total: 0,
  series: [],
  breakdown: [],
  cells: [],
  ...over,
});
const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);
const nov = { from: '2026-11-01', to: '2026-11-03' };

describe("a chart's figures as CSV", () => {
  it('writes the series over every day of the period (0 where nothing happened), dates in de-AT', () => {
    const csv = metricCsv(reply({ total: 5, series: [{ bucket: '2026-11-01T23:00:00.000Z', value: 5 }] }), nov, 'day');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines(csv)).toEqual(['Beginn;Wert', '01.11.2026;0', '02.11.2026;5', '03.11.2026;0']);
  });
  it('writes money in euros with a decimal comma', () => {
    const csv = metricCsv(
      reply({ metric: 'revenue', unit: 'cents', series: [{ bucket: '2026-10-31T23:00:00.000Z', value: 123450 }] }),
      nov,
      'day',
    );
    expect(lines(csv)[0]).toBe('Beginn;Wert (EUR)');
    expect(lines(csv)[1]).toBe('01.11.2026;1234,50');
  });
  it('writes a top list with the unit of each quantity (never grams added to pieces)', () => {
    const csv = metricCsv(
      reply({
        metric: 'popular-items',
        unit: 'quantity',
        breakdown: [
          { key: 'Bergkäse', value: 5051, unit: 'gram' },
          { key: 'Butterkipferl; frisch', value: 4, unit: 'piece' },
        ],
      }),
      nov,
      'day',
    );
    expect(lines(csv)).toEqual(['Eintrag;Einheit;Wert', 'Bergkäse;g;5051', '"Butterkipferl; frisch";Stk.;4']);
  });
  it('writes a quantity series per unit and the weekday × hour grid', () => {
    const items = metricCsv(
      reply({
        metric: 'items',
        unit: 'quantity',
        series: [
          { bucket: '2026-10-31T23:00:00.000Z', value: 2, unit: 'piece' },
          { bucket: '2026-10-31T23:00:00.000Z', value: 250, unit: 'gram' },
        ],
      }),
      { from: '2026-11-01', to: '2026-11-02' },
      'day',
    );
    expect(lines(items)).toEqual([
      'Beginn;Einheit;Wert',
      '01.11.2026;Stk.;2',
      '01.11.2026;g;250',
      '02.11.2026;Stk.;0',
      '02.11.2026;g;0',
    ]);
    const grid = metricCsv(reply({ metric: 'order-times', cells: [{ weekday: 1, hour: 9, value: 3 }] }), nov, 'day');
    expect(lines(grid)).toEqual(['Wochentag;Stunde;Wert', 'Montag;9;3']);
    expect(csvName('orders', nov)).toBe('orders_2026-11-01_2026-11-03.csv');
  });
});
