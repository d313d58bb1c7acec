/**
 * §3 "Opening hours: per day ranges with from and to; simplified into rows with days, isRange, isClosed,
 * hours[from,to]." and the §2.4 table ("Rows are a day or day range with time ranges or 'Geschlossen'").
 */
import type { Branch, Weekday } from '@shop/contracts';
import { text } from '../texts.js';
import { weekRanges, type RuleLike } from './rules.js';
import { WEEKDAYS, weekdayName } from './time-zone.js';

export interface OpeningHoursRow {
  /** the consecutive weekdays of the row, Monday first */
  days: Weekday[];
  /** more than one day */
  isRange: boolean;
  isClosed: boolean;
  hours: Array<[from: string, to: string]>;
}

/** Consecutive weekdays (Monday to Sunday) with identical ranges form one row; once rules are ignored. */
export function simplifyOpeningHours(rules: readonly RuleLike[] | null | undefined): OpeningHoursRow[] {
  const week = weekRanges(rules);
  const rows: OpeningHoursRow[] = [];
  let key = '';
  for (const day of WEEKDAYS) {
    const hours = week[day].map((r): [string, string] => [r.from, r.to]);
    const dayKey = JSON.stringify(hours);
    const last = rows[rows.length - 1];
    if (last && dayKey === key) {
      last.days.push(day);
      last.isRange = true;
    } else {
      rows.push({ days: [day], isRange: false, isClosed: hours.length === 0, hours });
      key = dayKey;
    }
  }
  return rows;
}

/** A row as text: days 'Montag' or 'Montag - Freitag', hours '10:00 - 14:00, 17:00 - 22:00' or 'Geschlossen'. */
export function openingHoursRowText(row: OpeningHoursRow): { days: string; hours: string } {
  const first = weekdayName(row.days[0]);
  const days = row.isRange ? `${first} - ${weekdayName(row.days[row.days.length - 1])}` : first;
  const hours = row.isClosed ? text('closed') : row.hours.map(([from, to]) => `${from} - ${to}`).join(', ');
  return { days, hours };
}

export interface OpeningHoursTable {
  heading: string;
  /** 'Lieferzeiten anzeigen' / 'Öffnungszeiten anzeigen' when delivery hours are enabled, else null */
  toggleLabel: string | null;
  rows: OpeningHoursRow[];
}

/**
 * §2.4 "Per branch an opening-hours table headed 'Öffnungszeiten', or 'Lieferzeiten' when toggled. When
 * isDeliveryHoursEnabled a toggle button reads 'Lieferzeiten anzeigen' or 'Öffnungszeiten anzeigen'."
 */
export function openingHoursTable(
  branch: Pick<Branch, 'openingHours' | 'deliveryHours' | 'isDeliveryHoursEnabled'>,
  showDeliveryHours = false,
): OpeningHoursTable {
  const delivery = branch.isDeliveryHoursEnabled && showDeliveryHours;
  return {
    heading: delivery ? text('deliveryHoursHeading') : text('openingHoursHeading'),
    toggleLabel: branch.isDeliveryHoursEnabled
      ? delivery
        ? text('showOpeningHours')
        : text('showDeliveryHours')
      : null,
    rows: simplifyOpeningHours(delivery ? branch.deliveryHours : branch.openingHours),
  };
}
