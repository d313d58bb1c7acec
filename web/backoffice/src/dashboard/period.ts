import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '@shop/domain';

export type Preset = 'today' | 'last7' | 'last30' | 'last90' | 'thisMonth';
export const PRESETS: Preset[] = ['today', 'last7', 'last30', 'last90', 'thisMonth'];

/** A calendar day in the shop's time zone, `2026-11-25`. */
export function shopDay(at: Date, days = 0, tz = DEFAULT_TIME_ZONE): string {
  const d = new TZDate(at.getTime(), tz);
  const shifted = new TZDate(d.getFullYear(), d.getMonth(), d.getDate() + days, tz);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${shifted.getFullYear()}-${pad(shifted.getMonth() + 1)}-${pad(shifted.getDate())}`;
}

export interface Period {
  from: string;
  to: string;
}

/** The days of a preset, ending today (shop time zone). */
export function presetPeriod(preset: Preset, now = new Date()): Period {
  const today = shopDay(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: shopDay(now, -6), to: today };
    case 'last30':
      return { from: shopDay(now, -29), to: today };
    case 'last90':
      return { from: shopDay(now, -89), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

const dayMs = 86_400_000;
const dayNumber = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10)) / dayMs;
const fromNumber = (n: number) => new Date(n * dayMs).toISOString().slice(0, 10);

/** The period of the same length right before (for the change of a KPI). */
export function previousPeriod(p: Period): Period {
  const length = dayNumber(p.to) - dayNumber(p.from) + 1;
  return { from: fromNumber(dayNumber(p.from) - length), to: fromNumber(dayNumber(p.from) - 1) };
}

/** Change in percent against the previous value; null when there is nothing to compare with. */
export function change(current: number, previous: number): number | null {
  if (!previous) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** RFC 4180 CSV (quotes doubled, fields with separators quoted), `;`-free so that spreadsheets split on commas. */
export function toCsv(rows: Array<Array<string | number>>): string {
  const cell = (v: string | number) => {
    const s = String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
