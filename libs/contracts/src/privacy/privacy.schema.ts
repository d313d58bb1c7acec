import { z } from 'zod';

/**
 * Issue 44: a customer's request for their data (GDPR art. 15/20) and for erasure (art. 17).
 *
 * The back office searches by e-mail address and/or phone number. The identity service (which keeps the request
 * record) normalises the query into a `PrivacySubject` and asks each service that stores customer data
 * (`<service>.privacy.find` / `<service>.privacy.erase`); each answers with sections whose rows already carry
 * German field names (the export writes them as they are: JSON, or one CSV in a long format: Bereich;Nr.;Feld;Wert).
 */

/** What staff type: an e-mail address, a phone number, or both (at least one). */
export const PrivacyQuery = z
  .object({
    email: z.string().trim().toLowerCase().email('validation.email').max(320).nullable().default(null),
    phone: z.string().trim().max(40).nullable().default(null),
  })
  .refine((q) => !!(q.email || q.phone), { path: ['email'], message: 'validation.required' });
export type PrivacyQuery = z.input<typeof PrivacyQuery>;

/**
 * The normalised subject every service searches for.
 * - `emails`: lower-case addresses (compare with `lower(trim(column))`)
 * - `phoneDigits`: the national significant number(s) of the phone (libphonenumber-js: `+43 664 1234567` and
 *   `0664 1234567` → `6641234567`); a stored number matches when its digits end with one of them (a service then
 *   checks the candidate with `matchesPhone` of `@shop/server` so `+49 664 …` does not match an Austrian number)
 * - `phonesE164`: the same numbers as E.164 (`+436641234567`), for that check
 */
export interface PrivacySubject {
  emails: string[];
  phoneDigits: string[];
  phonesE164: string[];
}

/** What one service found: its sections, and the references other services search by. */
export interface PrivacyFindRequest {
  subject: PrivacySubject;
  /** the orders found (content: the uploads of those orders' items; statistics: rows naming those orders) */
  orderIds?: number[];
  /** the uploads the orders and form submissions reference (content finds and erases them with their files) */
  uploadIds?: number[];
  /** names found with the address or number (statistics: log rows that name the customer) */
  names?: string[];
  /**
   * the shop's country (ISO 3166, two capital letters; identity reads it from the shop's locale, as it read the
   * query): a stored number without a country code is read in it where the service knows no better country
   * (the order service: the customer's, else the branch's). Absent: 'AT'.
   */
  country?: string;
}

const privacyIds = z.array(z.number().int().positive()).max(10_000);

/**
 * `<service>.privacy.find` / `.erase` as the identity service sends them (`PrivacyFindRequest`): each service checks
 * the payload with this before any query sees it.
 */
export const PrivacyFindInput = z.object({
  subject: z.object({
    emails: z.array(z.string().trim().toLowerCase().min(3).max(320)).max(10),
    phoneDigits: z.array(z.string().regex(/^\d{6,17}$/)).max(10),
    phonesE164: z.array(z.string().regex(/^\+\d{6,17}$/)).max(10),
  }),
  orderIds: privacyIds.optional(),
  uploadIds: privacyIds.optional(),
  names: z.array(z.string().max(500)).max(100).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
}) satisfies z.ZodType<PrivacyFindRequest>;

/** One value of an exported row (German field names as keys). */
export type PrivacyValue = string | number | boolean | null;

export const PRIVACY_SECTION_KINDS = [
  'customers',
  'orders',
  'orderItems',
  'questionnaires',
  'messages',
  'payments',
  'formSubmissions',
  'uploads',
  'analytics',
  'logs',
] as const;
export type PrivacySectionKind = (typeof PRIVACY_SECTION_KINDS)[number];

/** German titles of the sections (the export's headings and the back office's result list). */
export const PRIVACY_SECTION_TITLES: { readonly [K in PrivacySectionKind]: string } = {
  customers: 'Kundenstammdaten',
  orders: 'Bestellungen',
  orderItems: 'Bestellpositionen',
  questionnaires: 'Fragebogen-Antworten',
  messages: 'Gesendete E-Mails und SMS',
  payments: 'Zahlungen',
  formSubmissions: 'Formular-Einsendungen',
  uploads: 'Hochgeladene Dateien',
  analytics: 'Analyse-Ereignisse',
  logs: 'Protokolleinträge',
};

export interface PrivacySection {
  kind: PrivacySectionKind;
  rows: Array<Record<string, PrivacyValue>>;
}

export interface PrivacyFindReply {
  sections: PrivacySection[];
  orderIds?: number[];
  uploadIds?: number[];
  names?: string[];
}

/** What one service erased or anonymised, per section (counts only: the record keeps no erased data). */
export interface PrivacyEraseReply {
  erased: Array<{ kind: PrivacySectionKind | 'jobs' | 'files' | 'outbox'; count: number }>;
}

export const PRIVACY_REQUEST_KINDS = ['search', 'export', 'erase'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

/** German names of the request kinds. */
export const PRIVACY_REQUEST_KIND_LABELS: { readonly [K in PrivacyRequestKind]: string } = {
  search: 'Auskunft (Suche)',
  export: 'Datenexport',
  erase: 'Löschung',
};

/** The back office's request: who asked (the customer's own words, e.g. 'E-Mail vom 3. 12.'), and the query. */
export const PrivacyRequestInput = z.object({
  query: PrivacyQuery,
  /** how and when the customer asked (kept in the record; no personal data beyond what staff write) */
  requestedBy: z.string().trim().min(1, 'validation.required').max(500),
});
export type PrivacyRequestInput = z.input<typeof PrivacyRequestInput>;

export const PRIVACY_EXPORT_FORMATS = ['json', 'csv'] as const;
export type PrivacyExportFormat = (typeof PRIVACY_EXPORT_FORMATS)[number];

/** An export: the request and the file's format (one file per request; JSON, or CSV holding every section). */
export const PrivacyExportInput = PrivacyRequestInput.extend({
  format: z.enum(PRIVACY_EXPORT_FORMATS).default('json'),
});
export type PrivacyExportInput = z.input<typeof PrivacyExportInput>;

/**
 * The record of one request, kept without the erased data: the query is kept only as a hash (so a repeated request
 * can be recognised), the counts per section, who handled it and when.
 */
export interface PrivacyRequestRecord {
  id: number;
  kind: PrivacyRequestKind;
  requestedBy: string;
  /** staff member who handled it */
  handledBy: { id: number; name: string };
  /** sha-256 of the normalised subject */
  subjectHash: string;
  counts: Array<{ kind: string; count: number }>;
  createdAt: string;
  /** export only: the file's format, until when it can be downloaded (once), and whether it was */
  exportFormat: PrivacyExportFormat | null;
  exportExpiresAt: string | null;
  exportDownloadedAt: string | null;
  /**
   * erase only: the services whose part is not done (one that did not answer, and those held back behind it: the
   * orders and customers wait for content and statistics); the request then failed with a 503 and the counts hold
   * what the others erased. Every service's erase is idempotent, so repeating the request erases the rest.
   */
  failedServices: string[];
}

/**
 * What identity answers the gateway for an erasure: the record, and what the gateway needs to delete the demo mail
 * catcher's copies (the normalised subject and the names found with it); the record itself keeps neither.
 */
export interface PrivacyErasure {
  record: PrivacyRequestRecord;
  subject: PrivacySubject;
  names: string[];
}

/** The search result as the back office shows it (the sections with their rows). */
export interface PrivacySearchResult {
  request: PrivacyRequestRecord;
  sections: PrivacySection[];
}
