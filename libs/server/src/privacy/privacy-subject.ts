import { createHash } from 'node:crypto';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { PrivacySubject } from '@shop/contracts';

/** The shortest national number a phone search looks for (shorter digits would match too much). */
const MIN_PHONE_DIGITS = 6;

/**
 * Parses a phone number as typed (`+43 664 1234567`, `0664 1234567`, `0043 664 …`) with libphonenumber-js;
 * numbers without a country code are read in `defaultCountry` (the shop's country). Null when it is no number.
 */
export function parsePhone(raw: string | null | undefined, defaultCountry: string = 'AT') {
  if (!raw) return null;
  const text = raw.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(text, defaultCountry as CountryCode);
  if (!parsed || parsed.nationalNumber.length < MIN_PHONE_DIGITS) return null;
  return { e164: parsed.number as string, national: parsed.nationalNumber as string };
}

/** The normalised subject of a privacy request (see `PrivacySubject`). */
export function privacySubject(
  query: { email?: string | null; phone?: string | null },
  defaultCountry: string = 'AT',
): PrivacySubject {
  const email = query.email?.trim().toLowerCase();
  const phone = parsePhone(query.phone, defaultCountry);
  return {
    emails: email ? [email] : [],
    phoneDigits: phone ? [phone.national] : [],
    phonesE164: phone ? [phone.e164] : [],
  };
}

/** Whether a stored address is one of the subject's (case and surrounding blanks ignored). */
export function matchesEmail(stored: unknown, subject: PrivacySubject): boolean {
  return typeof stored === 'string' && subject.emails.includes(stored.trim().toLowerCase());
}

/**
 * Whether a stored phone number is one of the subject's: parsed in `defaultCountry` (the country of the order or
 * customer), compared as E.164. SQL pre-selects candidates with `phoneDigitsSql` (digits ending with the national
 * number); this check removes a foreign number with the same national digits.
 */
export function matchesPhone(stored: unknown, subject: PrivacySubject, defaultCountry: string = 'AT'): boolean {
  if (typeof stored !== 'string') return false;
  const phone = parsePhone(stored, defaultCountry);
  return !!phone && subject.phonesE164.includes(phone.e164);
}

/**
 * SQL that pre-selects rows whose phone `column` (a text expression) ends with one of the national numbers given as
 * the text[] parameter `param` (e.g. `$2`): `regexp_replace(col, '\D', '', 'g')` keeps the digits only.
 */
export function phoneDigitsSql(column: string, param: string): string {
  return `(${column} IS NOT NULL AND EXISTS (SELECT 1 FROM unnest(${param}::text[]) AS d(n) WHERE regexp_replace(${column}, '\\D', '', 'g') LIKE '%' || d.n))`;
}

/** The subject as the request record keeps it: a hash, never the address or number. */
export function privacySubjectHash(subject: PrivacySubject): string {
  const key = JSON.stringify([[...subject.emails].sort(), [...subject.phonesE164].sort()]);
  return createHash('sha256').update(key).digest('hex');
}

/** an address's local part without `/`, so a path such as `/suche/anna@x.at` keeps `/suche/` */
const EMAIL_PATTERN = /[\w.!#$%&'*+=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
/**
 * a phone number as people write it: starting with `+` or `0` (`+43 664 …`, `0043 …`, `0664 …`), then 7+ more digits
 * with single blanks, slashes, dots or dashes between them, not inside a word or a longer number; dates
 * (`2026-06-01`, `01.06.2026`), times, IPv4 addresses and ids (which do not start with 0) stay as they are
 */
const PHONE_PATTERN =
  /(?<![\w+])(?<!\d\.)(?!\d{1,2}\.\d{1,2}\.\d{2,4}(?!\w|\.\d))(?:\+|0)\d(?:[ ./-]?\d){6,}(?!\w|\.\d)/g;

/**
 * Redacts e-mail addresses and phone numbers in a free text before it is written to a log, an error report or an
 * event (issue 44: logs redacted at write time), e.g. an SMTP answer naming the recipient.
 */
export function redactPersonalData(text: string): string {
  return text.replace(EMAIL_PATTERN, '[E-Mail]').replace(PHONE_PATTERN, '[Telefon]');
}
