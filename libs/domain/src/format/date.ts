/**
 * §9 "date DD.MM.YYYY; time HH:mm. Supported date locales: German, English, French and Italian variants."
 * §2.9 "Dates show as DD.MM.YYYY HH:mm, HH:mm or DD.MM.YYYY depending on mode."
 * Instants are shown on the wall clock of the branch's (or shop's) time zone.
 */
import { DEFAULT_TIME_ZONE } from '../constants.js';
import { zonedParts } from '../opening-hours/time-zone.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** 'DD.MM.YYYY' */
export function formatDate(value: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = zonedParts(toDate(value), timeZone);
  return `${pad(p.day)}.${pad(p.month)}.${pad(p.year, 4)}`;
}

/** 'HH:mm' */
export function formatTime(value: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = zonedParts(toDate(value), timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** 'DD.MM.YYYY HH:mm' */
export function formatDateTime(value: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE): string {
  return `${formatDate(value, timeZone)} ${formatTime(value, timeZone)}`;
}

export type DateDisplayMode = 'datetime' | 'date' | 'time';

/** §2.9 generic date field by mode. */
export function formatDateByMode(
  value: Date | string | number,
  mode: DateDisplayMode,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (mode === 'date') return formatDate(value, timeZone);
  if (mode === 'time') return formatTime(value, timeZone);
  return formatDateTime(value, timeZone);
}

/** A local date 'YYYY-MM-DD' as 'DD.MM.YYYY' (no time zone involved). */
export function formatLocalDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}

/** German, English, French and Italian variants (language and the regions the shop serves). */
export const SUPPORTED_DATE_LOCALES = [
  'de',
  'de-AT',
  'de-DE',
  'de-CH',
  'de-LI',
  'en',
  'en-GB',
  'en-US',
  'fr',
  'fr-FR',
  'fr-CH',
  'it',
  'it-IT',
  'it-CH',
] as const;
export type DateLocale = (typeof SUPPORTED_DATE_LOCALES)[number];

/** The supported locale for a requested one: exact, else its language, else 'de'. */
export function resolveDateLocale(requested: string | null | undefined): DateLocale {
  const list = SUPPORTED_DATE_LOCALES as readonly string[];
  const normalized = (requested ?? '').replace('_', '-');
  const exact = list.find((l) => l.toLowerCase() === normalized.toLowerCase());
  if (exact) return exact as DateLocale;
  const language = normalized.split('-')[0].toLowerCase();
  return (list.includes(language) ? language : 'de') as DateLocale;
}
