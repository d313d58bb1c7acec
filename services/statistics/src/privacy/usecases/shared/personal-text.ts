import type { PrivacySubject } from '@shop/contracts';
import { matchesPhone, redactPersonalData } from '@shop/server';

/** What a name of the subject is replaced with in an erased text (beside redactPersonalData's marks). */
export const NAME_MARK = '[Name]';
/** What a number that is the subject's phone is replaced with (redactPersonalData's mark). */
const PHONE_MARK = '[Telefon]';
const EMAIL_MARK = '[E-Mail]';
/** the country a number without a country code is read in when the request names none (an older identity) */
export const DEFAULT_COUNTRY = 'AT';
/** names shorter than this are not searched for in free text (they would match too much) */
const MIN_NAME_LENGTH = 3;

/**
 * A phone number as written in free text: digits with at most two of blank, dot, slash, dash and brackets between
 * them (`+43 664 1234567`, `0664/1234567`, `(0664) 123 45 67`, `+43 (0) 664 …`); libphonenumber-js decides whether
 * it is the subject's (matchesPhone, a number without a country code read in the shop's country), so a foreign
 * number with the same national digits does not count.
 */
const PHONE_CANDIDATE = /\+?\(?\d(?:[ ./()-]{0,2}\d){5,}/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name as a whole word, case-insensitive, any run of blanks between its parts. */
function namePattern(name: string): RegExp {
  const parts = name.split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${parts}(?![\\p{L}\\p{N}])`, 'giu');
}

/** An address as written and URL-encoded (a page path or query: `anna.berger%40example.at`), lower-case. */
export const emailForms = (emails: readonly string[]): string[] => [
  ...new Set(emails.flatMap((e) => [e, encodeURIComponent(e).toLowerCase()])),
];

/** The names worth searching for: trimmed, blanks collapsed, at least MIN_NAME_LENGTH letters, each once. */
export function searchableNames(names: readonly string[] = []): string[] {
  const cleaned = names.map((n) => n.trim().replace(/\s+/g, ' ')).filter((n) => n.length >= MIN_NAME_LENGTH);
  return [...new Set(cleaned)];
}

/**
 * The subject's personal data in free text (a log message, an analytics value): whether a text holds its e-mail
 * address, its phone number or one of its names, and the text with them replaced. Only a text that holds them is
 * redacted (`redactValue`), so a rollup key and the raw value it was counted from change alike.
 */
export class PersonalText {
  private readonly names: RegExp[];
  private readonly emailForms: string[];
  private readonly emails: RegExp[];

  constructor(
    private readonly subject: PrivacySubject,
    names: readonly string[] = [],
    /** the shop's country (the request's): a number written without a country code is read in it */
    private readonly country: string = DEFAULT_COUNTRY,
  ) {
    this.names = searchableNames(names).map(namePattern);
    this.emailForms = emailForms(subject.emails);
    this.emails = this.emailForms.map((e) => new RegExp(escapeRegExp(e), 'gi'));
  }

  /** Whether the text holds the subject's e-mail (also URL-encoded), phone or one of its names. */
  mentions(text: string): boolean {
    const lower = text.toLowerCase();
    if (this.emailForms.some((e) => lower.includes(e))) return true;
    if (this.names.some((p) => ((p.lastIndex = 0), p.test(text)))) return true;
    return this.hasPhone(text);
  }

  /**
   * The text without the subject's data: its names as '[Name]', its phone as '[Telefon]', and every e-mail address
   * and phone-like number redactPersonalData finds (the subject's address always among them).
   */
  redact(text: string): string {
    let out = text;
    for (const p of this.names) out = out.replace(p, NAME_MARK);
    out = out.replace(PHONE_CANDIDATE, (m) => (matchesPhone(m, this.subject, this.country) ? PHONE_MARK : m));
    out = redactPersonalData(out);
    for (const p of this.emails) out = out.replace(p, EMAIL_MARK);
    return out;
  }

  /** A text redacted when it mentions the subject, else as it is. */
  redactText(text: string): string {
    return this.mentions(text) ? this.redact(text) : text;
  }

  /** Whether a JSON value (an object's values at any depth; a number as its digits) mentions the subject. */
  mentionsValue(value: unknown): boolean {
    if (typeof value === 'string') return this.mentions(value);
    if (typeof value === 'number') return this.hasPhone(String(value));
    if (Array.isArray(value)) return value.some((v) => this.mentionsValue(v));
    if (value && typeof value === 'object') return Object.values(value).some((v) => this.mentionsValue(v));
    return false;
  }

  /** A JSON value with each string (or number) that mentions the subject redacted; the rest as it is. */
  redactValue<T>(value: T): T {
    if (typeof value === 'string') return this.redactText(value) as T;
    if (typeof value === 'number') return (this.hasPhone(String(value)) ? PHONE_MARK : value) as T;
    if (Array.isArray(value)) return value.map((v: unknown) => this.redactValue(v)) as T;
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.redactValue(v)])) as T;
    return value;
  }

  private hasPhone(text: string): boolean {
    if (!this.subject.phonesE164.length) return false;
    return (text.match(PHONE_CANDIDATE) ?? []).some((m) => matchesPhone(m, this.subject, this.country));
  }
}
