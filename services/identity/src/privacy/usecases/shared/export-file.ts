import {
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_SECTION_TITLES,
  type PrivacyExportFormat,
  type PrivacySection,
  type PrivacySubject,
  type PrivacyValue,
} from '@shop/contracts';
import { format, PRIVACY_EXPORT_TEXTS } from '@shop/i18n-de';
import { stringify } from 'csv-stringify/sync';

const X = PRIVACY_EXPORT_TEXTS;

/** The export's file name and media type. */
export function exportFileOf(id: number, kind: PrivacyExportFormat): { fileName: string; contentType: string } {
  return {
    fileName: `${format(X.file, { id })}.${kind}`,
    contentType: kind === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
  };
}

/** A date and time as the customer reads it (Vienna and Berlin share their time). */
export const germanDateTime = (at: Date) =>
  at.toLocaleString('de-AT', { timeZone: 'Europe/Vienna', dateStyle: 'medium', timeStyle: 'short' });

/** What the file says about the request besides the sections. */
export interface ExportHead {
  id: number;
  createdAt: Date;
  requestedBy: string;
  handledBy: string;
  subject: PrivacySubject;
}

function headRows(head: ExportHead): Record<string, PrivacyValue> {
  const F = X.requestFields;
  return {
    [F.id]: head.id,
    [F.kind]: PRIVACY_REQUEST_KIND_LABELS.export,
    [F.requestedBy]: head.requestedBy,
    [F.handledBy]: head.handledBy,
    [F.email]: head.subject.emails.join(', ') || null,
    [F.phone]: head.subject.phonesE164.join(', ') || null,
  };
}

/**
 * JSON: `{ 'Erstellt am', 'Anfrage', 'Bereiche': { <German section title>: rows } }`, every section (an empty one as
 * an empty list), the rows' German field names and values as the services gave them.
 */
function jsonFile(head: ExportHead, sections: PrivacySection[]): string {
  const titled = Object.fromEntries(sections.map((s) => [PRIVACY_SECTION_TITLES[s.kind], s.rows]));
  return JSON.stringify(
    { [X.createdAt]: germanDateTime(head.createdAt), [X.request]: headRows(head), [X.sections]: titled },
    null,
    2,
  );
}

/** A value as a German spreadsheet reads it: decimal comma, ja/nein, nothing for null. */
function cellOf(value: PrivacyValue): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? X.yes : X.no;
  if (typeof value === 'number') return String(value).replace('.', ',');
  // a text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is marked as text (OWASP)
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * CSV in a long format, one line per field (Bereich; Nr.; Feld; Wert), so sections with different fields share one
 * file: the request first, then every section (one line 'keine Einträge' for an empty one). Semicolons, CRLF and a
 * UTF-8 byte order mark: Excel in a German locale splits at ';' (',' is its decimal sign) and reads the umlauts
 * as UTF-8 only with the mark.
 */
function csvFile(head: ExportHead, sections: PrivacySection[]): string {
  const C = X.csvColumns;
  const lines: string[][] = [
    [C.section, C.row, C.field, C.value],
    [X.request, '1', X.createdAt, germanDateTime(head.createdAt)],
  ];
  for (const [field, value] of Object.entries(headRows(head))) lines.push([X.request, '1', field, cellOf(value)]);
  for (const section of sections) {
    const title = PRIVACY_SECTION_TITLES[section.kind];
    if (!section.rows.length) lines.push([title, '', '', X.none]);
    section.rows.forEach((row, i) => {
      for (const [field, value] of Object.entries(row)) lines.push([title, String(i + 1), field, cellOf(value)]);
    });
  }
  return stringify(lines, { bom: true, delimiter: ';', record_delimiter: 'windows' });
}

/** The export's file in the chosen format. */
export function exportBody(kind: PrivacyExportFormat, head: ExportHead, sections: PrivacySection[]): string {
  return kind === 'json' ? jsonFile(head, sections) : csvFile(head, sections);
}
