import {
  PRIVACY_SECTION_KINDS,
  PRIVACY_SECTION_TITLES,
  type PrivacySection,
  type PrivacySectionKind,
  type PrivacyValue,
} from '@shop/contracts';
import { formatDateTime } from '@shop/domain';
import { f, T } from '../texts';

const P = T.privacy;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = new Intl.NumberFormat('de-AT', { useGrouping: false, maximumFractionDigits: 20 });

/**
 * A value of a found row as the screen shows it: instants and days in de-AT ('24.12.2026 14:00', the shop's time
 * zone), numbers with a decimal comma (no grouping: ticket and order numbers stay as they are), yes/no, nothing for
 * null. The export keeps the values as the services gave them.
 */
export function displayValue(value: PrivacyValue): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? T.app.yes : T.app.no;
  if (typeof value === 'number') return NUMBER.format(value);
  if (INSTANT.test(value)) return formatDateTime(value);
  const day = DAY.exec(value);
  return day ? `${day[3]}.${day[2]}.${day[1]}` : value;
}

/** A section as the screen lists it: kind, title, rows and columns (every field name of its rows, first seen first). */
export interface ShownSection {
  kind: PrivacySectionKind;
  title: string;
  rows: Array<Record<string, PrivacyValue>>;
  columns: string[];
}

/**
 * The sections of a search in the contract's order (PRIVACY_SECTION_KINDS), one per kind: several services may
 * answer the same kind (their rows are put together).
 */
export function shownSections(sections: readonly PrivacySection[]): ShownSection[] {
  const rows = new Map<PrivacySectionKind, Array<Record<string, PrivacyValue>>>();
  for (const s of sections) rows.set(s.kind, [...(rows.get(s.kind) ?? []), ...s.rows]);
  return PRIVACY_SECTION_KINDS.filter((kind) => rows.has(kind)).map((kind) => {
    const list = rows.get(kind) ?? [];
    const columns = [...new Set(list.flatMap((row) => Object.keys(row)))];
    return { kind, title: PRIVACY_SECTION_TITLES[kind], rows: list, columns };
  });
}

/** '3 Einträge', '1 Eintrag'. */
export const rowCount = (count: number): string => (count === 1 ? P.rowCountOne : f(P.rowCount, { count }));

/** The German name of a counted kind: a section's title, or what was erased beside them (jobs, files, outbox …). */
export function countLabel(kind: string): string {
  if (kind in PRIVACY_SECTION_TITLES) return PRIVACY_SECTION_TITLES[kind as PrivacySectionKind];
  return (P.countKinds as Record<string, string>)[kind] ?? kind;
}

/** A record's counts, one per kind (summed when several services counted the same kind), in the contract's order. */
export function countsByKind(
  counts: ReadonlyArray<{ kind: string; count: number }>,
): Array<{ kind: string; count: number }> {
  const sums = new Map<string, number>();
  for (const c of counts) sums.set(c.kind, (sums.get(c.kind) ?? 0) + c.count);
  const rank = (kind: string) => {
    const i = (PRIVACY_SECTION_KINDS as readonly string[]).indexOf(kind);
    return i < 0 ? PRIVACY_SECTION_KINDS.length : i;
  };
  return [...sums].map(([kind, count]) => ({ kind, count })).sort((a, b) => rank(a.kind) - rank(b.kind));
}

/** 'Bestellungen: 2, Gesendete E-Mails und SMS: 3', or 'keine Daten'. */
export function countsText(counts: ReadonlyArray<{ kind: string; count: number }>): string {
  const found = countsByKind(counts).filter((c) => c.count > 0);
  return found.length ? found.map((c) => `${countLabel(c.kind)}: ${c.count}`).join(', ') : P.noData;
}

/** A service of `failedServices` by its German name ('content' → 'Website-Inhalte'); an unknown key as it is. */
export function serviceName(key: string): string {
  return (P.services as Record<string, string>)[key] ?? key;
}

/** 'unvollständig, nicht bestätigt von: Website-Inhalte, Bestellungen' for an erasure some services did not confirm. */
export const incompleteText = (failedServices: readonly string[]): string =>
  f(P.incomplete, { services: failedServices.map(serviceName).join(', ') });
