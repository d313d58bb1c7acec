import { PrivacyFindInput, type PrivacyFindRequest } from '@shop/contracts';
import { parseOrThrow } from '@shop/server';
import { DEFAULT_COUNTRY, emailForms, PersonalText, searchableNames } from './personal-text.js';
import type { PersonalNeedles } from '../../privacy.repository.js';

/** The request checked, with what the statistics service searches for: SQL's needles and the precise check. */
export interface PrivacySearch {
  request: PrivacyFindRequest;
  needles: PersonalNeedles;
  text: PersonalText;
  /** nothing to search for (no address, number or name): nothing is read */
  empty: boolean;
}

/** The request checked (422 when malformed); a number without a country code is read in the request's country. */
export function privacySearch(raw: unknown): PrivacySearch {
  const request = parseOrThrow(PrivacyFindInput, raw);
  const names = searchableNames(request.names);
  const needles = { emails: emailForms(request.subject.emails), phoneDigits: request.subject.phoneDigits, names };
  return {
    request,
    needles,
    text: new PersonalText(request.subject, names, request.country ?? DEFAULT_COUNTRY),
    empty: !needles.emails.length && !needles.phoneDigits.length && !names.length,
  };
}
