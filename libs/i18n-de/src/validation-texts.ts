import { de } from './messages.js';
import { isMessageKey, t } from './translate.js';

/**
 * What the German wording reads of a failed check: the fields of a zod issue (zod 4's `$ZodIssue`), described here
 * so that this library needs no zod (it depends on nothing; @shop/server and the web apps depend on it).
 */
export interface ValidationIssue {
  code: string;
  message?: string;
  input?: unknown;
  expected?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  origin?: string;
  format?: string;
}

const typeName = (expected: string): string => (de.typeNames as Record<string, string>)[expected] ?? expected;

/** A limit as German writes it: a decimal comma. */
function formatLimit(value: unknown): string {
  return typeof value === 'number' ? String(value).replace('.', ',') : String(value);
}

function formatText(format: string | undefined): string {
  switch (format) {
    case 'email':
      return t('validation.email');
    case 'url':
      return t('validation.url');
    case 'date':
      return t('validation.date');
    case 'time':
      return t('validation.time');
    case 'datetime':
      return t('validation.datetime');
    case 'uuid':
    case 'guid':
      return t('validation.uuid');
    default:
      return t('validation.regex');
  }
}

/**
 * One validation issue in the German wording of backoffice-platform.md §5: a schema's own message when it is a
 * message key, else the text for the issue's kind and limits.
 */
export function validationIssueText(issue: ValidationIssue): string {
  if (issue.message && isMessageKey(issue.message)) return t(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      // a form's empty field arrives as null: to its user it is empty, not 'null'
      if (issue.input === undefined || issue.input === null) return t('validation.required');
      return issue.expected === 'int'
        ? t('validation.integer')
        : t('validation.type', { type: typeName(String(issue.expected)) });
    case 'too_small': {
      const limit = formatLimit(issue.minimum);
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? t('validation.required') : t('validation.tooShort', { limit });
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.tooFewItems', { limit });
      return issue.inclusive === false
        ? t('validation.tooSmallExclusive', { limit })
        : t('validation.tooSmall', { limit });
    }
    case 'too_big': {
      const limit = formatLimit(issue.maximum);
      if (issue.origin === 'string') return t('validation.tooLong', { limit });
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.tooManyItems', { limit });
      return issue.inclusive === false ? t('validation.tooBigExclusive', { limit }) : t('validation.tooBig', { limit });
    }
    case 'invalid_format':
      return formatText(issue.format);
    case 'invalid_value':
    case 'invalid_union':
      return t('validation.choice');
    case 'unrecognized_keys':
      return t('validation.extraFields');
    default:
      // not_multiple_of and whatever else a schema reports
      return t('validation.invalid');
  }
}
