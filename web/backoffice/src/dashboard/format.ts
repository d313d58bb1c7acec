import type { StatisticsQuantityUnit, StatisticsReply } from '@shop/contracts';
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatLocalDate,
  formatNumber,
  formatPrice,
  formatQuantityNumber,
} from '@shop/domain';
import { STATISTICS_UI_TEXTS as U, format as f } from '@shop/i18n-de';
import type { SeriesInterval } from './period';

/**
 * The dashboard's figures in de-AT (issue 41): numbers with '.' thousands and ',' decimals, money as the shop
 * shows it ('EUR 1.234,50', @shop/domain's formatters), hours with two decimals, dates DD.MM.YYYY and times HH:mm
 * on the shop's clock (Intl with 'de-AT' and the shop's time zone, whatever zone the browser is in).
 */
export type FigureFormat = StatisticsReply['unit'];

export const formatCount = (v: number): string => formatQuantityNumber(v, 2);
export const formatMoney = (cents: number): string => formatPrice(cents / 100);
export const formatHours = (hours: number): string => f(U.hours, { hours: formatNumber(hours, 2) });
export const unitLabel = (unit: StatisticsQuantityUnit | undefined): string => (unit ? U.units[unit] : U.units.piece);
export const formatQuantity = (v: number, unit: StatisticsQuantityUnit | undefined): string =>
  `${formatQuantityNumber(v, 3)} ${unitLabel(unit)}`;

/** A figure in the unit its metric answers in (a quantity without a unit is pieces, the reply's `total`). */
export function formatFigure(v: number, unit: FigureFormat, quantity?: StatisticsQuantityUnit): string {
  switch (unit) {
    case 'cents':
      return formatMoney(v);
    case 'hours':
      return formatHours(v);
    case 'quantity':
      return formatQuantity(v, quantity);
    case 'count':
      return formatCount(v);
  }
}

/** The change in percent, signed ('+12,5 %', '−3 %'); null (no previous figure) is left to the caller. */
export function formatChange(percent: number): string {
  const abs = formatQuantityNumber(Math.abs(percent), 1);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${abs} %`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dtf(options: Intl.DateTimeFormatOptions, tz: string): Intl.DateTimeFormat {
  const key = JSON.stringify([options, tz]);
  let fmt = dateTimeFormats.get(key);
  if (!fmt) dateTimeFormats.set(key, (fmt = new Intl.DateTimeFormat('de-AT', { ...options, timeZone: tz })));
  return fmt;
}
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** A bucket's start as the table and the CSV name it (§9: '19.11.2026', or '19.11.2026 14:00' for hours). */
export function formatBucket(at: number | string, interval: SeriesInterval, tz = DEFAULT_TIME_ZONE): string {
  return interval === 'hour' ? formatDateTime(at, tz) : formatDate(at, tz);
}

/** A tick of the chart's time axis: '19.11.' (days) or '14:00' (hours). */
export function formatTick(at: number, interval: SeriesInterval, tz = DEFAULT_TIME_ZONE): string {
  return dtf(interval === 'hour' ? TIME : { day: '2-digit', month: '2-digit' }, tz).format(at);
}

/** A period of local dates: '01.11.2026 – 30.11.2026'. */
export const formatPeriod = (p: { from: string; to: string }): string =>
  f(U.period, { from: formatLocalDate(p.from.slice(0, 10)), to: formatLocalDate(p.to.slice(0, 10)) });

/**
 * A reply's period (instants, the end exclusive: the start of the day after a date) as its first and last day on
 * the shop's clock: { from: '01.10.2026', to: '31.10.2026' }.
 */
export const replyRange = (r: { from: string; to: string }, tz = DEFAULT_TIME_ZONE): { from: string; to: string } => ({
  from: formatDate(r.from, tz),
  to: formatDate(Math.max(Date.parse(r.from), Date.parse(r.to) - 1), tz),
});
