import type { PrivacyFindRequest, PrivacySubject } from '@shop/contracts';
import { matchesEmail, matchesPhone } from '@shop/server';
import { fieldKey, plainLabel, type FormField } from '../../../forms/form-check.js';
import type { UploadEntity } from '../../../uploads/upload.entity.js';
import type { FormNodeRow, PrivacyRepository, SubmissionRow } from '../../privacy.repository.js';

/** a number typed without a country code is read as Austrian when the request names no shop country */
const DEFAULT_COUNTRY = 'AT';
/** addresses within a text (letters of any script: `jürgen@…` is one address, not `rgen@…`) */
const EMAIL_PATTERN = /[\p{L}\p{N}_.!#$%&'*+/=?^`{|}~-]+@[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/gu;
/** numbers within a text: 7+ digits with up to three blanks, slashes, dots, dashes or brackets between two */
const PHONE_PATTERN = /\+?\(?\d(?:[ ./()-]{0,3}\d){6,}/g;
/**
 * A field that holds a person's name, by its key or label: 'Name', 'Vorname', 'Nachname', 'Ihr Name', 'firstName',
 * 'last_name' (not 'Firmenname' or 'Benutzername').
 */
const NAME_FIELD = /(^|[^\p{L}])((vor|nach|familien|first|last|full|sur)[\s_-]?)?name($|[^\p{L}])/iu;
const FIRST_NAME = /vor|first/i;

/** A submission that holds the subject's address or number, with its form's fields (when the form still exists). */
export interface FoundSubmission {
  row: SubmissionRow;
  form: FormNodeRow | null;
}

/** What the content service stores of one customer. */
export interface PersonalData {
  submissions: FoundSubmission[];
  uploads: UploadEntity[];
  /** the values of the submissions' name fields (a submission's several name fields as one full name) */
  names: string[];
}

/**
 * Whether one stored value is, or mentions, the subject's address or number (a number without a country code read
 * in `country`, the shop's).
 */
export function mentionsSubject(value: unknown, subject: PrivacySubject, country: string = DEFAULT_COUNTRY): boolean {
  if (typeof value !== 'string') return false;
  if ((value.match(EMAIL_PATTERN) ?? []).some((a) => matchesEmail(a, subject))) return true;
  if (matchesPhone(value, subject, country)) return true;
  return (value.match(PHONE_PATTERN) ?? []).some((p) => matchesPhone(p, subject, country));
}

/** The form's fields by their value key (fieldId, else position). */
export function fieldsByKey(form: FormNodeRow | null): Map<string, FormField> {
  const fields = Array.isArray(form?.fields) ? form.fields : [];
  return new Map(fields.map((f, i) => [fieldKey(f, i), f]));
}

/** The keys of a submission's values in the form's order, then those the form no longer has. */
export const orderedKeys = (fields: Map<string, FormField>, values: Record<string, unknown>) =>
  [...new Set([...fields.keys(), ...Object.keys(values)])].filter((k) => k in values);

/** The label of a value as the form shows it; the key when the form or the field is gone. */
export const labelOf = (fields: Map<string, FormField>, key: string) => {
  const field = fields.get(key);
  return field ? plainLabel(field, key) : key;
};

function namesOf({ row, form }: FoundSubmission): string[] {
  const fields = fieldsByKey(form);
  // in the form's order; without the form (deleted), a first name before the others
  const keys = orderedKeys(fields, row.values).filter((k) => NAME_FIELD.test(`${k} ${labelOf(fields, k)}`));
  if (!form) keys.sort((a, b) => Number(FIRST_NAME.test(b)) - Number(FIRST_NAME.test(a)));
  const parts = keys
    .map((k) => row.values[k])
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().replace(/\s+/g, ' '))
    .filter((v) => v.length >= 2 && !v.includes('@'));
  return parts.length ? [parts.join(' ')] : [];
}

/**
 * The subject's form submissions (a value that is or mentions the address or number; a number without a country
 * code read in the request's country, the shop's) with their forms, the uploads the request names (`uploadIds`: an
 * order's files) or a found submission names, and the names in the submissions.
 */
export async function findPersonalData(repo: PrivacyRepository, req: PrivacyFindRequest): Promise<PersonalData> {
  const { subject } = req;
  const candidates =
    subject.emails.length || subject.phoneDigits.length
      ? await repo.submissionCandidates(subject.emails, subject.phoneDigits)
      : [];
  const country = req.country ?? DEFAULT_COUNTRY;
  const rows = candidates.filter((s) => Object.values(s.values).some((v) => mentionsSubject(v, subject, country)));
  const nodeIds = [...new Set(rows.map((s) => s.nodeId))];
  const forms = new Map((nodeIds.length ? await repo.formNodes(nodeIds) : []).map((f) => [f.id, f]));
  const submissions = rows.map((row) => ({ row, form: forms.get(row.nodeId) ?? null }));
  const uploadIds = [...new Set(req.uploadIds ?? [])];
  const uploads =
    uploadIds.length || rows.length
      ? await repo.uploads(
          uploadIds,
          rows.map((s) => s.id),
        )
      : [];
  return { submissions, uploads, names: [...new Set(submissions.flatMap(namesOf))] };
}
